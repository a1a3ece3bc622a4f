package sessions

// Standing is one player's running result over a table's games.
type Standing struct {
	Name   string
	Total  int
	Played int // games this player took part in
	Wins   int // finished, valid games this player won (ties count for each)
	Leader bool
	// Behind is how far this player is from the leader (0 for leaders).
	Behind int
}

// Standings sums every game per player in seat order (rulings G-1, KKS-5:
// several games are summed) and marks the leaders: most points, or fewest
// for games where the fewest win (LowestWins). Invalid games still count
// (G-3) but are flagged on the page.
func (t Table) Standings() []Standing {
	out := make([]Standing, len(t.Players))
	for i, name := range t.Players {
		out[i] = t.tally[name]
		out[i].Name = name
	}
	best, any := 0, false
	for _, s := range out {
		if s.Played == 0 {
			continue
		}
		if !any || t.better(s.Total, best) {
			best, any = s.Total, true
		}
	}
	for i := range out {
		if out[i].Played == 0 {
			continue
		}
		out[i].Leader = out[i].Total == best
		out[i].Behind = out[i].Total - best
		if out[i].Behind < 0 {
			out[i].Behind = -out[i].Behind
		}
	}
	return out
}

func (t Table) better(a, b int) bool {
	if t.LowestWins() {
		return a < b
	}
	return a > b
}

// LowestWins reports whether the fewest points lead the running totals:
// the rule of the games summed (an evening's first game, as Evening sums
// games of its kind; another game's sheet says its own), else that of the
// game the table plays now.
func (t Table) LowestWins() bool {
	if len(t.Games) > 0 {
		return t.Games[0].LowestWins()
	}
	return t.Info.LowestWins
}

// Leaders returns the names of the players currently leading.
func (t Table) Leaders() []string {
	var names []string
	if t.Mixed() { // totals of different games do not add up: by places
		for _, r := range t.Evening().Rows {
			if r.Leader {
				names = append(names, r.Name)
			}
		}
		return names
	}
	for _, s := range t.Standings() {
		if s.Leader {
			names = append(names, s.Name)
		}
	}
	return names
}
