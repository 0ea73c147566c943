package regions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// RegionsBean is the name of the RegionServer bean that holds per-region metrics.
const RegionsBean = "Hadoop:service=HBase,name=RegionServer,sub=Regions"

// Metrics are one region's numbers from a RegionServer's JMX.
type Metrics struct {
	StoreFileSize int64 // bytes
	MemStoreSize  int64 // bytes
	ReadRequests  int64
	WriteRequests int64
	Host          string // the bean's tag.Hostname
}

// JMX is the Regions bean of one RegionServer: metrics per table ("ns:t", "t" in the
// default namespace) and encoded region name.
type JMX struct {
	Host   string
	Tables map[string]map[string]*Metrics
}

// TableNames lists the tables in the JMX, sorted.
func (j *JMX) TableNames() []string {
	names := make([]string, 0, len(j.Tables))
	for t := range j.Tables {
		names = append(names, t)
	}
	sort.Strings(names)
	return names
}

// ReadJMX reads a RegionServer's /jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Regions
// JSON. Its keys are Namespace_<ns>_table_<t>_region_<encoded>_metric_<m>; presplit reads
// storeFileSize, memStoreSize, readRequestCount and writeRequestCount. A namespace holding
// `_table_` would be ambiguous: the namespace is taken to end at the first `_table_`.
//
// The document is read a token at a time (jmxStream), keeping only the four metrics of
// each region: a bean of millions of metrics is not first held as a map of every key and
// value (a 622 MB bean took 3.27 GiB). A document that is not plainly a /jmx one (not an
// object, beans not an array of objects, beans given twice, a value refused) is read
// again whole by readJMXWhole, which says what is wrong as it always has.
func ReadJMX(data []byte) (*JMX, error) {
	if j, ok := jmxStream(data); ok {
		return j, nil
	}
	return readJMXWhole(data)
}

// readJMXWhole is ReadJMX of the whole document at once: encoding/json's reading, the
// definition of what ReadJMX returns, and of its errors.
func readJMXWhole(data []byte) (*JMX, error) {
	var doc struct {
		Beans []map[string]json.RawMessage `json:"beans"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, lineErrorf(lineAt(data, se.Offset), "not JSON: %v", se)
		case errors.As(err, &te):
			return nil, lineErrorf(lineAt(data, te.Offset), "not a /jmx document: %v", te)
		}
		return nil, &LineError{Line: 1, Err: fmt.Errorf("not JSON: %w", err)}
	}
	bean := regionsBean(doc.Beans)
	if bean == nil {
		return nil, lineErrorf(lineOf(data, `"beans"`), "no %s bean: save /jmx?qry=%s from a RegionServer (port 16030)", RegionsBean, RegionsBean)
	}
	j := &JMX{Tables: map[string]map[string]*Metrics{}}
	if raw, ok := bean["tag.Hostname"]; ok {
		_ = json.Unmarshal(raw, &j.Host)
	}
	keys := make([]string, 0, len(bean))
	for k := range bean {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		table, enc, metric, ok := parseMetricKey(k)
		if !ok {
			continue
		}
		m := j.Tables[table][enc]
		if m == nil {
			m = &Metrics{Host: j.Host}
		}
		field := m.field(metric)
		if field == nil {
			continue
		}
		v, err := metricValue(bean[k])
		if err != nil {
			return nil, lineErrorf(lineOf(data, strconv.Quote(k)), "%s: %v", k, err)
		}
		*field = v
		if j.Tables[table] == nil {
			j.Tables[table] = map[string]*Metrics{}
		}
		j.Tables[table][enc] = m
	}
	return j, nil
}

// jmxStream is ReadJMX read a token at a time; ok is false when the document is not a
// plain /jmx one that it reads exactly as readJMXWhole does (anything irregular or refused
// is left to readJMXWhole, to be refused in its words).
func jmxStream(data []byte) (j *JMX, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if !jmxDelim(dec, '{') {
		return nil, false
	}
	var found *JMX
	beans := false
	for dec.More() {
		key, isKey := jmxString(dec)
		if !isKey {
			return nil, false
		}
		if !strings.EqualFold(key, "beans") { // encoding/json matches a field's name so
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil, false
			}
			continue
		}
		if beans {
			return nil, false // beans twice: the last would win
		}
		beans = true
		if found, ok = jmxBeans(dec); !ok {
			return nil, false
		}
	}
	if !jmxDelim(dec, '}') || found == nil {
		return nil, false // no Regions bean: readJMXWhole words it
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, false // something after the document
	}
	return found, true
}

// jmxBeans reads the beans array: the first Regions bean's metrics, nil without one; ok
// is false for anything but an array of objects.
func jmxBeans(dec *json.Decoder) (found *JMX, ok bool) {
	if !jmxDelim(dec, '[') {
		return nil, false
	}
	for dec.More() {
		b, ok := jmxBean(dec)
		if !ok {
			return nil, false
		}
		if found == nil {
			found = b
		}
	}
	return found, jmxDelim(dec, ']')
}

// jmxDelim reads the delimiter d.
func jmxDelim(dec *json.Decoder, d json.Delim) bool {
	t, err := dec.Token()
	return err == nil && t == d
}

// jmxString reads a string token: an object's key.
func jmxString(dec *json.Decoder) (string, bool) {
	t, err := dec.Token()
	s, ok := t.(string)
	return s, err == nil && ok
}

// jmxBean reads one bean of the beans array: its metrics when it is the Regions bean,
// nil for another bean; ok is false for anything but an object (or a metric value
// readJMXWhole refuses).
func jmxBean(dec *json.Decoder) (j *JMX, ok bool) {
	if !jmxDelim(dec, '{') {
		return nil, false
	}
	b := jmxBeanReader{tables: map[string]map[string]*Metrics{}}
	var raw json.RawMessage
	for dec.More() {
		key, isKey := jmxString(dec)
		if !isKey || dec.Decode(&raw) != nil {
			return nil, false
		}
		b.pair(key, raw)
	}
	if !jmxDelim(dec, '}') || len(b.bad) > 0 && b.name == RegionsBean {
		return nil, false
	}
	if b.name != RegionsBean {
		return nil, true
	}
	return b.jmx(), true
}

// jmxBeanReader is what jmxBean keeps of a bean: its name and host (the last of each, as
// a map keeps them), and the metrics presplit reads by table and region, each the last
// value of its key.
type jmxBeanReader struct {
	name    string
	hostRaw []byte
	tables  map[string]map[string]*Metrics
	bad     map[string]bool // metric keys whose last value is refused
}

func (b *jmxBeanReader) pair(key string, raw json.RawMessage) {
	switch key {
	case "name":
		b.name = ""
		_ = json.Unmarshal(raw, &b.name) // a name that is not a string names no bean
		return
	case "tag.Hostname":
		b.hostRaw = append(b.hostRaw[:0], raw...)
		return
	}
	table, enc, metric, ok := parseMetricKey(key)
	if !ok || (&Metrics{}).field(metric) == nil {
		return
	}
	v, err := metricValue(raw)
	if err != nil {
		if b.bad == nil {
			b.bad = map[string]bool{}
		}
		b.bad[key] = true
		return
	}
	delete(b.bad, key)
	m := b.tables[table][enc]
	if m == nil {
		m = &Metrics{}
		if b.tables[table] == nil {
			b.tables[table] = map[string]*Metrics{}
		}
		b.tables[table][enc] = m
	}
	*m.field(metric) = v
}

// jmx is the bean's metrics, each region's with the bean's host.
func (b *jmxBeanReader) jmx() *JMX {
	j := &JMX{Tables: b.tables}
	if b.hostRaw != nil {
		_ = json.Unmarshal(b.hostRaw, &j.Host) // as readJMXWhole: a host that is not a string is none
	}
	for _, regions := range b.tables {
		for _, m := range regions {
			m.Host = j.Host
		}
	}
	return j
}

// regionsBean is the bean named RegionsBean, nil when there is none.
func regionsBean(beans []map[string]json.RawMessage) map[string]json.RawMessage {
	for _, b := range beans {
		var name string
		if raw, ok := b["name"]; ok && json.Unmarshal(raw, &name) == nil && name == RegionsBean {
			return b
		}
	}
	return nil
}

// field is where m keeps the JMX metric named metric, nil for a metric presplit does not
// read.
func (m *Metrics) field(metric string) *int64 {
	switch metric {
	case "storeFileSize":
		return &m.StoreFileSize
	case "memStoreSize":
		return &m.MemStoreSize
	case "readRequestCount":
		return &m.ReadRequests
	case "writeRequestCount":
		return &m.WriteRequests
	}
	return nil
}

// parseMetricKey cuts Namespace_<ns>_table_<t>_region_<encoded>_metric_<m>.
func parseMetricKey(k string) (table, enc, metric string, ok bool) {
	rest, ok := strings.CutPrefix(k, "Namespace_")
	if !ok {
		return "", "", "", false
	}
	i := strings.LastIndex(rest, "_metric_")
	if i < 0 {
		return "", "", "", false
	}
	metric, rest = rest[i+len("_metric_"):], rest[:i]
	const reg = "_region_"
	if len(rest) < len(reg)+32 || rest[len(rest)-32-len(reg):len(rest)-32] != reg {
		return "", "", "", false
	}
	enc, rest = rest[len(rest)-32:], rest[:len(rest)-32-len(reg)]
	if !isEncodedName(enc) {
		return "", "", "", false
	}
	ns, t, ok := strings.Cut(rest, "_table_")
	if !ok || ns == "" || t == "" {
		return "", "", "", false
	}
	if ns == "default" {
		return t, enc, metric, true
	}
	return ns + ":" + t, enc, metric, true
}

// metricValue reads a JMX number as a whole non-negative count.
func metricValue(raw json.RawMessage) (int64, error) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, fmt.Errorf("not a number: %s", raw)
	}
	if v, err := n.Int64(); err == nil && v >= 0 {
		return v, nil
	}
	f, err := n.Float64()
	if err != nil || f < 0 || f > math.MaxInt64/2 || f != math.Trunc(f) {
		return 0, fmt.Errorf("not a whole non-negative number: %s", raw)
	}
	return int64(f), nil
}

// lineAt is the 1-based line of byte offset off (a JSON error's offset is just past it).
func lineAt(data []byte, off int64) int {
	off = min(max(off-1, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// lineOf is the line of the first occurrence of s, 1 when absent.
func lineOf(data []byte, s string) int {
	i := bytes.Index(data, []byte(s))
	if i < 0 {
		return 1
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}

// ApplyJMX replaces the layout's sizes and requests with the JMX metrics of table: size =
// store files + memstore (bytes), requests = reads + writes. Every region of the layout
// must be in exactly one of the files, but a region list_regions gave no metrics for
// (Unknown) may be in none; names are the files' names for messages.
func (l *Layout) ApplyJMX(table string, files []*JMX, names []string) error {
	found := make([]string, len(l.Regions))
	for fi, j := range files {
		for enc, m := range j.Tables[table] {
			idx, ok := l.index()[enc]
			if !ok {
				continue
			}
			if found[idx] != "" {
				return &LineError{Err: fmt.Errorf("region %s is in both %s and %s: save the JMX of every RegionServer at the same time", enc, found[idx], names[fi])}
			}
			found[idx] = names[fi]
			r := &l.Regions[idx]
			r.Size, r.Unknown = m.StoreFileSize+m.MemStoreSize, false
			r.Requests = m.ReadRequests + m.WriteRequests
			if r.Server == "" {
				r.Server = m.Host
			}
		}
	}
	for i, f := range found {
		if f == "" && !l.Regions[i].Unknown { // a region list_regions had no metrics for may be missing here too
			r := l.Regions[i]
			return lineErrorf(r.Line, "region %s has no metrics in the {regions.jmx} files: give the JMX of every RegionServer that holds the table", r.Encoded)
		}
	}
	l.HasSize, l.HasRequests = true, true
	l.SizeSlack = 0 // the bytes themselves
	l.HasServer = l.HasServer || files[0].Host != ""
	return nil
}

// index maps encoded names to region indexes.
func (l *Layout) index() map[string]int {
	if l.byEncoded == nil {
		l.byEncoded = make(map[string]int, len(l.Regions))
		for i, r := range l.Regions {
			l.byEncoded[r.Encoded] = i
		}
	}
	return l.byEncoded
}
