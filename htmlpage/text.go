package htmlpage

import "github.com/presplit/presplit/quote"

// terminalText is p with every text a reader sees in terminal form (quote.Terminal): a
// control byte, ESC, a carriage return or a bidirectional override as \xNN, as the text
// report shows it. html/template makes a value inert markup, not readable text: a file
// name or a server name holding U+202E would display as another name, ESC and CR vanish.
// The code block is left as it is (byte for byte the shell output, ASCII), and so are ids
// and classes, which presplit names. The caller's sections, charts and marks are copied,
// not changed.
func terminalText(p Page) Page {
	t := quote.Terminal
	p.Title, p.Lead = t(p.Title), t(p.Lead)
	p.Findings = append([]Finding(nil), p.Findings...)
	for i := range p.Findings {
		f := &p.Findings[i]
		f.Message, f.Fix = t(f.Message), t(f.Fix)
	}
	p.Sections = append([]Section(nil), p.Sections...)
	for i := range p.Sections {
		s := &p.Sections[i]
		s.Heading = t(s.Heading)
		s.Text = texts(s.Text)
		s.Facts = append([]Fact(nil), s.Facts...)
		for j := range s.Facts {
			f := &s.Facts[j]
			f.Name, f.Value, f.Note = t(f.Name), t(f.Value), t(f.Note)
		}
		tables := make([]*Table, len(s.Tables))
		for j, tb := range s.Tables {
			c := Table{Caption: t(tb.Caption), Head: texts(tb.Head), Rows: make([][]string, len(tb.Rows))}
			for k, r := range tb.Rows {
				c.Rows[k] = texts(r)
			}
			tables[j] = &c
		}
		s.Tables = tables
		charts := make([]*Chart, len(s.Charts))
		for j, c := range s.Charts {
			charts[j] = chartText(c)
		}
		s.Charts = charts
		if s.Heat != nil {
			s.Heat = heatText(s.Heat)
		}
		if s.Code != nil {
			c := *s.Code
			c.Caption, c.Instead = t(c.Caption), t(c.Instead)
			s.Code = &c
		}
	}
	return p
}

// heatText is a copy of h with its texts (keys and readings' labels) in terminal form.
func heatText(h *Heat) *Heat {
	t := quote.Terminal
	c := *h
	c.Title, c.Item, c.Unit, c.Keys = t(h.Title), t(h.Item), t(h.Unit), texts(h.Keys)
	c.Rows = append([]HeatRow(nil), h.Rows...)
	for i := range c.Rows {
		c.Rows[i].Label = t(c.Rows[i].Label)
	}
	return &c
}

// chartText is a copy of c with its texts in terminal form.
func chartText(c *Chart) *Chart {
	t := quote.Terminal
	cc := *c
	cc.Title, cc.XLabel, cc.YLabel, cc.Item, cc.Value, cc.Note = t(c.Title), t(c.XLabel), t(c.YLabel), t(c.Item), t(c.Value), t(c.Note)
	cc.ClassColumn, cc.Extra = t(c.ClassColumn), texts(c.Extra)
	cc.Lines = append([]Line(nil), c.Lines...)
	for i := range cc.Lines {
		cc.Lines[i].Label = t(cc.Lines[i].Label)
	}
	cc.Legend = append([]Class(nil), c.Legend...)
	for i := range cc.Legend {
		cc.Legend[i].Label = t(cc.Legend[i].Label)
	}
	cc.Marks = append([]Mark(nil), c.Marks...)
	for i := range cc.Marks {
		m := &cc.Marks[i]
		m.Label, m.Key, m.Classes, m.Extra = t(m.Label), t(m.Key), t(m.Classes), texts(m.Extra)
	}
	return &cc
}

func texts(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote.Terminal(s)
	}
	return out
}
