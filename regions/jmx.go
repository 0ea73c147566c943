package regions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
func ReadJMX(data []byte) (*JMX, error) {
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
