package plan

// ReplicasPerServer is how many region replicas each RegionServer opens: the regions
// created x REGION_REPLICATION / the servers. HBase places each replica of a region on a
// different server, so a server holds replicas of regions it is no primary for, and each
// one costs the server a region's open files, block index and balancer weight like a
// primary. Capacity.RegionsPerServer stays the primaries, which take every write (a
// secondary replica refreshes from the primary's files and keeps no memstore of its own
// unless region replica replication is turned on). It is 0 without a table of more than
// one replica or without servers.
func (p *Plan) ReplicasPerServer() float64 {
	if p.Capacity == nil || p.Capacity.RegionsPerServer == 0 || p.Table.RegionReplication <= 1 {
		return 0
	}
	return p.Capacity.RegionsPerServer * float64(p.Table.RegionReplication)
}
