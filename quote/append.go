package quote

import "encoding/json"

// The two appenders below write what encoding/json and encoding/csv write, byte for byte,
// for the text of verify's reports, which a million rows make too slow to marshal a value
// at a time; their tests hold them to those packages.

// AppendJSONString appends s as encoding/json writes a string: quoted, with \, " and the
// HTML characters <, > and & escaped (json.Marshal's default). s is toStringBinary text,
// printable ASCII; any other byte sends s through encoding/json itself.
func AppendJSONString(dst, s []byte) []byte {
	dst = append(dst, '"')
	for i, c := range s {
		switch {
		case c == '\\' || c == '"':
			dst = append(dst, '\\', c)
		case c == '<' || c == '>' || c == '&':
			dst = append(dst, '\\', 'u', '0', '0', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		case c < 0x20 || c > 0x7E:
			b, _ := json.Marshal(string(s)) // a string always marshals
			return append(dst[:len(dst)-1-jsonLen(s[:i])], b...)
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// jsonLen is the length AppendJSONString gives the printable ASCII text s, quotes aside.
func jsonLen(s []byte) int {
	n := len(s)
	for _, c := range s {
		switch c {
		case '\\', '"':
			n++
		case '<', '>', '&':
			n += 5
		}
	}
	return n
}

// AppendCSVKey appends a key's toStringBinary text s as AppendCSVField writes CSVKey(s):
// its first byte as \xNN when a spreadsheet would run the cell as a formula.
func AppendCSVKey(dst, s []byte) []byte {
	if len(s) == 0 || !formulaLead(s[0]) {
		return AppendCSVField(dst, s)
	}
	return AppendCSVField(dst, []byte(CSVKey(string(s))))
}

// AppendCSVField appends s as encoding/csv's Writer writes a field (comma ',', \n line
// ends): quoted, its quotes doubled, when it holds a comma, a quote, \r or \n, starts with
// white space or is \. ; as it is otherwise. s is toStringBinary text (printable ASCII),
// whose only white space is the space.
func AppendCSVField(dst, s []byte) []byte {
	quote := len(s) > 0 && (s[0] == ' ' || s[0] == '\t' || string(s) == `\.`)
	for _, c := range s {
		quote = quote || c == ',' || c == '"' || c == '\r' || c == '\n'
	}
	if !quote {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for _, c := range s {
		if c == '"' {
			dst = append(dst, '"')
		}
		dst = append(dst, c)
	}
	return append(dst, '"')
}
