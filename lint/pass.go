package lint

import "github.com/presplit/presplit/tablespec"

// servers is the RegionServer count, 0 when unknown.
func (p *Pass) servers() int {
	if c := p.Design.Cluster; c != nil && c.RegionServers.Set {
		return int(c.RegionServers.V)
	}
	return 0
}

// capacityPos is where the design states its volume, for findings about the sizing.
func (p *Pass) capacityPos() tablespec.Pos {
	if c := p.Design.Capacity; c != nil {
		return c.Pos
	}
	return tablespec.Pos{}
}
