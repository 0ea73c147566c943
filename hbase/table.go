package hbase

// Durabilities are the values of a table's DURABILITY (org.apache.hadoop.hbase.client.Durability).
var Durabilities = []string{"USE_DEFAULT", "SKIP_WAL", "ASYNC_WAL", "SYNC_WAL", "FSYNC_WAL"}

// The split policies a design names (a spec's table split_policy, --split-policy): how
// HBase may split the table's regions after the create. The renderers write each as
// HBase's class (KeyPrefixRegionSplitPolicy, DelimitedKeyPrefixRegionSplitPolicy,
// DisabledRegionSplitPolicy, ConstantSizeRegionSplitPolicy) or, on 3.x, as its split
// restriction.
const (
	PolicyDefault   = "default"   // write nothing: the cluster's policy
	PolicyPrefix    = "prefix"    // later splits keep the first prefix length bytes whole
	PolicyDelimited = "delimited" // later splits keep the key up to the delimiter whole
	PolicyDisabled  = "disabled"  // no later splits at all
	PolicyConstant  = "constant"  // split at MAX_FILESIZE only, however few regions a server holds
)

// ClusterSplitPolicies are the cluster's hbase.regionserver.region.split.policy values a
// design may name (cluster split_policy, --cluster-split-policy): ConstantSize,
// IncreasingToUpperBound, Stepping or Disabled, what a table's default policy runs.
var ClusterSplitPolicies = []string{PolicyConstant, "increasing", "stepping", PolicyDisabled}

// SplitPolicies are the split policies a design may name, in the order the docs list them.
var SplitPolicies = []string{PolicyPrefix, PolicyDelimited, PolicyDisabled, PolicyConstant, PolicyDefault}
