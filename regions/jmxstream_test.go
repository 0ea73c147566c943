package regions

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jmxStreamCases are documents on the edges of what the token reader takes itself: each
// must read as readJMXWhole reads it, value or error.
var jmxStreamCases = []string{
	`{"beans":[{"name":"` + RegionsBean + `","tag.Hostname":"rs1","Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":5}]}`,
	// host and name after the metrics, given twice, not strings
	`{"beans":[{"Namespace_ns_table_t_region_0123456789abcdef0123456789abcdef_metric_memStoreSize":7,"tag.Hostname":"a","tag.Hostname":3,"name":"x","name":"` + RegionsBean + `"}]}`,
	`{"beans":[{"name":"` + RegionsBean + `","tag.Hostname":null,"Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_readRequestCount":1e3}]}`,
	// a refused value, in the Regions bean, in another bean, replaced by a later good one
	`{"beans":[{"name":"` + RegionsBean + `","Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":-1}]}`,
	`{"beans":[{"name":"other","Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":"x"},{"name":"` + RegionsBean + `"}]}`,
	`{"beans":[{"name":"` + RegionsBean + `","Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":"x","Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":4}]}`,
	`{"beans":[{"name":"` + RegionsBean + `","Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":4,"Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":"x"}]}`,
	// two Regions beans: the first counts
	`{"beans":[{"name":"` + RegionsBean + `","Namespace_default_table_a_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":1},{"name":"` + RegionsBean + `","Namespace_default_table_b_region_0123456789abcdef0123456789abcdef_metric_storeFileSize":2}]}`,
	// shapes the token reader leaves to readJMXWhole
	`{"Beans":[{"name":"` + RegionsBean + `"}]}`,
	`{"beans":[{"name":"` + RegionsBean + `"}],"BEANS":[]}`,
	`{"beans":null}`, `{"beans":[null,{"name":"` + RegionsBean + `"}]}`, `{"beans":{}}`, `{"beans":[1]}`,
	`[]`, `{}`, `{"beans":[]}`, `{"beans":[{"name":"` + RegionsBean + `"}]} x`, `{"beans":[{"name":"` + RegionsBean + `"}]}{}`,
	`{"other":{"deep":[1,2,{"x":null}]},"beans":[{"name":"` + RegionsBean + `"}]}`,
	`{"beans":[{"name":"` + RegionsBean + "\"\n,\n\"Namespace_default_table_t_region_0123456789abcdef0123456789abcdef_metric_writeRequestCount\": 2.5}]}",
	`{"beans":[{"name":"` + RegionsBean + `",`, ``, `nul`,
}

// jmxSameAsWhole checks that ReadJMX reads data exactly as readJMXWhole does.
func jmxSameAsWhole(t *testing.T, data []byte) {
	t.Helper()
	got, err := ReadJMX(data)
	want, wantErr := readJMXWhole(data)
	if wantErr != nil || err != nil {
		require.Error(t, err, "readJMXWhole: %v", wantErr)
		require.Error(t, wantErr, "ReadJMX: %v", err)
		assert.Equal(t, wantErr.Error(), err.Error())
		return
	}
	assert.Equal(t, want, got)
}

// TestJMXStreamMatchesWhole: the token reader gives what encoding/json's whole reading
// gives, on the fixtures, on documents at its edges, and on a bean of 100,000 metrics.
func TestJMXStreamMatchesWhole(t *testing.T) {
	for _, name := range []string{"special.rs1.json", "special.rs2.json"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "regions", name))
		require.NoError(t, err)
		jmxSameAsWhole(t, data)
		_, streamed := jmxStream(data)
		assert.True(t, streamed, "%s was left to readJMXWhole", name)
	}
	for i, c := range jmxStreamCases {
		t.Run(fmt.Sprint(i), func(t *testing.T) { jmxSameAsWhole(t, []byte(c)) })
	}
	var b strings.Builder
	b.WriteString(`{"beans":[{"name":"` + RegionsBean + `","tag.Hostname":"rs"`)
	for i := range 25000 {
		for _, m := range []string{"storeFileSize", "memStoreSize", "readRequestCount", "storeCount"} {
			fmt.Fprintf(&b, ",\"Namespace_default_table_t_region_%032x_metric_%s\":%d", i, m, i)
		}
	}
	b.WriteString("}]}")
	j, err := ReadJMX([]byte(b.String()))
	require.NoError(t, err)
	require.Len(t, j.Tables["t"], 25000)
	assert.Equal(t, Metrics{StoreFileSize: 7, MemStoreSize: 7, ReadRequests: 7, Host: "rs"}, *j.Tables["t"][fmt.Sprintf("%032x", 7)])
	jmxSameAsWhole(t, []byte(b.String()))
}
