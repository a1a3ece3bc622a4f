package stats

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablemate/sessions/league"
	"tablemate/sessions/league/openskill"
)

// p is a seat: name, score, and whether the engine named them a winner.
func p(name string, score int, winner bool) Player {
	return Player{Name: name, Score: score, Winner: winner}
}

func g(slug string, lowest bool, players ...Player) Game {
	return Game{Game: slug, LowestWins: lowest, Table: "T", Players: players}
}

func TestPlaces(t *testing.T) {
	tests := []struct {
		name    string
		lowest  bool
		players []Player
		want    []int
	}{
		{"by score", false, []Player{p("A", 10, true), p("B", 8, false), p("C", 8, false), p("D", 5, false)}, []int{1, 2, 2, 4}},
		{"fewest win", true, []Player{p("A", 10, false), p("B", 8, false), p("C", 8, false), p("D", 5, true)}, []int{4, 2, 2, 1}},
		{"two winners share first", false, []Player{p("A", 9, true), p("B", 9, true), p("C", 3, false)}, []int{1, 1, 3}},
		// The engine broke a tie on points (Rune Market's chain, G-2):
		// the winner is first, the other player on 31 second.
		{"engine tie-break", false, []Player{p("A", 31, false), p("B", 31, true), p("C", 12, false)}, []int{2, 1, 3}},
		{"no winner named: scores decide", false, []Player{p("A", 3, false), p("B", 7, false)}, []int{2, 1}},
		{"same name twice", false, []Player{p("A", 3, false), p("A", 7, true)}, []int{2, 1}},
		{"single player", false, []Player{p("A", 3, true)}, []int{1}},
		{"nobody", false, nil, []int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Places(tt.players, tt.lowest); !slices.Equal(got, tt.want) {
				t.Errorf("places %v, want %v", got, tt.want)
			}
		})
	}
}

// season is a league of five games: shared places, a fewest-wins game,
// a merged name ("Benny" is Ben), a member who never played (Dee) and a
// player who joined late and is no member yet (Eve).
func season() Input {
	return Input{
		Members: []string{"Ana", "Ben", "Cy", "Dee"},
		Canonical: func(n string) string {
			if strings.EqualFold(n, "Benny") {
				return "Ben"
			}
			return n
		},
		Games: []Game{
			g("kks", false, p("Ana", 60, true), p("Ben", 50, false), p("Cy", 50, false)),     // 1, 2, 2
			g("cambio", true, p("Ana", 30, false), p("Benny", 10, true), p("Cy", 20, false)), // 3, 1, 2
			g("cambio", true, p("ana", 5, true), p("Ben", 5, true), p("Cy", 40, false)),      // 1, 1, 3 (shared first)
			g("kks", false, p("Ana", 70, true), p("Cy", 40, false)),                          // 1, 2
			g("kks", false, p("Ben", 80, true), p("Cy", 60, false), p("Eve", 20, false)),     // 1, 2, 3
		},
	}
}

func TestSeasonProfiles(t *testing.T) {
	r := Compute(season())
	var names []string
	for _, m := range r.Members {
		names = append(names, m.Member)
	}
	if want := []string{"Ana", "Ben", "Cy", "Dee", "Eve"}; !slices.Equal(names, want) {
		t.Fatalf("members %v, want %v (Benny merged into Ben, Eve added after the members)", names, want)
	}
	type want struct {
		played, won           int
		rate                  float64
		favourite             string
		current, longest      int
		rival, nemesis        Opponent
		games                 []GameStats
		places                []int
		beaten                []float64
		headToHead            map[string][4]int // games, ahead, behind, level
		placingGamesFirstLast [2]int
	}
	tests := map[string]want{
		"Ana": {
			played: 4, won: 3, rate: 0.75,
			// kks and cambio both twice: kks was played more recently.
			favourite: "kks", current: 2, longest: 2,
			rival: Opponent{"Cy", 3, 4},
			// Ben and Cy each placed ahead of Ana once, both in game 1:
			// the tie goes to the first name.
			nemesis: Opponent{"Ben", 1, 3},
			games: []GameStats{
				{Game: "kks", Played: 2, Won: 2, WinRate: 1, Average: 65, Best: 70},
				{Game: "cambio", LowestWins: true, Played: 2, Won: 1, WinRate: 0.5, Average: 17.5, Best: 5},
			},
			places: []int{1, 3, 1, 1}, beaten: []float64{1, 0, 0.5, 1},
			headToHead:            map[string][4]int{"Ben": {3, 1, 1, 1}, "Cy": {4, 3, 1, 0}, "Dee": {}, "Eve": {}},
			placingGamesFirstLast: [2]int{0, 3},
		},
		"Ben": {
			played: 4, won: 3, rate: 0.75,
			favourite: "kks",
			// L, W, W (shared first counts), absent from game 3, W.
			current: 3, longest: 3,
			rival:   Opponent{"Cy", 3, 4},
			nemesis: Opponent{"Ana", 1, 3},
			games: []GameStats{
				{Game: "kks", Played: 2, Won: 1, WinRate: 0.5, Average: 65, Best: 80},
				{Game: "cambio", LowestWins: true, Played: 2, Won: 2, WinRate: 1, Average: 7.5, Best: 5},
			},
			places: []int{2, 1, 1, 1}, beaten: []float64{0, 1, 0.5, 1},
			headToHead:            map[string][4]int{"Ana": {3, 1, 1, 1}, "Cy": {4, 3, 0, 1}, "Dee": {}, "Eve": {1, 1, 0, 0}},
			placingGamesFirstLast: [2]int{0, 4},
		},
		"Cy": {
			played: 5, won: 0, rate: 0,
			favourite: "kks",
			// Cy beat Ana (game 1) and Eve (game 4) once each: Eve more
			// recently. Ana and Ben each beat Cy three times: Ben last.
			rival:   Opponent{"Eve", 1, 1},
			nemesis: Opponent{"Ben", 3, 4},
			games: []GameStats{
				{Game: "kks", Played: 3, Won: 0, WinRate: 0, Average: 50, Best: 60},
				{Game: "cambio", LowestWins: true, Played: 2, Won: 0, WinRate: 0, Average: 30, Best: 20},
			},
			places: []int{2, 2, 3, 2, 2}, beaten: []float64{0, 0.5, 0, 0, 0.5},
			headToHead:            map[string][4]int{"Ana": {4, 1, 3, 0}, "Ben": {4, 0, 3, 1}, "Dee": {}, "Eve": {1, 1, 0, 0}},
			placingGamesFirstLast: [2]int{0, 4},
		},
		"Dee": {headToHead: map[string][4]int{"Ana": {}, "Ben": {}, "Cy": {}, "Eve": {}}},
		"Eve": {
			played: 1, favourite: "kks", nemesis: Opponent{"Ben", 1, 1},
			games:  []GameStats{{Game: "kks", Played: 1, Average: 20, Best: 20}},
			places: []int{3}, beaten: []float64{0},
			headToHead:            map[string][4]int{"Ana": {}, "Ben": {1, 0, 1, 0}, "Cy": {1, 0, 1, 0}, "Dee": {}},
			placingGamesFirstLast: [2]int{4, 4},
		},
	}
	for name, w := range tests {
		t.Run(name, func(t *testing.T) {
			m, ok := r.Member(strings.ToLower(name))
			if !ok {
				t.Fatalf("no profile for %s", name)
			}
			if m.Played != w.played || m.Won != w.won || m.WinRate != w.rate {
				t.Errorf("played %d won %d rate %v; want %d %d %v", m.Played, m.Won, m.WinRate, w.played, w.won, w.rate)
			}
			if m.Favourite != w.favourite || m.CurrentStreak != w.current || m.LongestStreak != w.longest {
				t.Errorf("favourite %q streaks %d/%d; want %q %d/%d", m.Favourite, m.CurrentStreak, m.LongestStreak, w.favourite, w.current, w.longest)
			}
			if m.Rival != w.rival || m.Nemesis != w.nemesis {
				t.Errorf("rival %+v nemesis %+v; want %+v %+v", m.Rival, m.Nemesis, w.rival, w.nemesis)
			}
			for i := range m.Games {
				m.Games[i].last = 0
			}
			if !reflect.DeepEqual(m.Games, w.games) {
				t.Errorf("per game %+v\nwant %+v", m.Games, w.games)
			}
			var places []int
			var beaten []float64
			for _, pl := range m.Placings {
				places = append(places, pl.Place)
				beaten = append(beaten, pl.Beaten)
			}
			if !slices.Equal(places, w.places) || !slices.Equal(beaten, w.beaten) {
				t.Errorf("placings %v beaten %v; want %v %v", places, beaten, w.places, w.beaten)
			}
			if len(m.Placings) > 0 && (m.Placings[0].Index != w.placingGamesFirstLast[0] || m.Placings[len(m.Placings)-1].Index != w.placingGamesFirstLast[1]) {
				t.Errorf("placings run from game %d to %d, want %v", m.Placings[0].Index, m.Placings[len(m.Placings)-1].Index, w.placingGamesFirstLast)
			}
			if len(m.HeadToHead) != len(w.headToHead) {
				t.Fatalf("head-to-head against %d members, want %d", len(m.HeadToHead), len(w.headToHead))
			}
			for _, rec := range m.HeadToHead {
				got := [4]int{rec.Games, rec.Ahead, rec.Behind, rec.Level}
				if got != w.headToHead[rec.Opponent] {
					t.Errorf("against %s: %v, want %v", rec.Opponent, got, w.headToHead[rec.Opponent])
				}
			}
		})
	}
}

func TestStreaks(t *testing.T) {
	win := func(shared bool) Game {
		if shared {
			return g("adh", false, p("A", 5, true), p("B", 5, true), p("C", 1, false))
		}
		return g("adh", false, p("A", 5, true), p("B", 3, false))
	}
	loss := g("adh", false, p("A", 1, false), p("B", 3, true))
	absent := g("adh", false, p("B", 1, true), p("C", 0, false))
	tests := []struct {
		name             string
		games            []Game
		current, longest int
	}{
		{"none", nil, 0, 0},
		{"single win", []Game{win(false)}, 1, 1},
		{"single loss", []Game{loss}, 0, 0},
		{"shared first places count as wins", []Game{win(true), win(true), loss, win(false)}, 1, 2},
		{"games without the member do not break a streak", []Game{win(false), absent, win(true), absent}, 2, 2},
		{"longest before current", []Game{win(false), win(false), win(false), loss, win(true)}, 1, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := Compute(Input{Members: []string{"A"}, Games: tt.games}).Member("A")
			if m.CurrentStreak != tt.current || m.LongestStreak != tt.longest {
				t.Errorf("streaks %d/%d, want %d/%d", m.CurrentStreak, m.LongestStreak, tt.current, tt.longest)
			}
		})
	}
}

func TestSingleGame(t *testing.T) {
	r := Compute(Input{Games: []Game{g("cambio", true, p("Zofia", 0, true), p("Amelia", 44, false))}})
	z, _ := r.Member("Zofia")
	a, _ := r.Member("Amelia")
	if z.Played != 1 || z.Won != 1 || z.WinRate != 1 || z.CurrentStreak != 1 || z.Favourite != "cambio" || z.Rival.Name != "Amelia" || z.Nemesis.Name != "" {
		t.Errorf("winner: %+v", z)
	}
	if a.Won != 0 || a.Nemesis != (Opponent{"Zofia", 1, 1}) || a.Rival.Name != "" || a.Games[0].Best != 44 {
		t.Errorf("loser: %+v", a)
	}
}

// A member seated twice at one table (two names merged later) counts once,
// with the better place.
func TestMergedSeatsCountOnce(t *testing.T) {
	in := Input{
		Members:   []string{"Ben", "Cy"},
		Canonical: func(n string) string { return strings.TrimSuffix(n, "ny") },
		Games:     []Game{g("kks", false, p("Ben", 40, false), p("Cy", 50, false), p("Benny", 60, true))},
	}
	r := Compute(in)
	b, _ := r.Member("Ben")
	c, _ := r.Member("Cy")
	if len(r.Members) != 2 || b.Played != 1 || b.Won != 1 || b.Games[0].Best != 60 || b.HeadToHead[0].Games != 1 || b.HeadToHead[0].Ahead != 1 {
		t.Errorf("Ben: %+v", b)
	}
	if c.Placings[0].Players != 2 || c.Placings[0].Beaten != 0 || c.HeadToHead[0].Behind != 1 {
		t.Errorf("Cy: %+v", c)
	}
}

// The head-to-head tallies agree with the league package's over the same
// games when the engine's winners are the top scorers.
func TestHeadToHeadAgreesWithLeague(t *testing.T) {
	in := season()
	var results []league.Result
	for _, gm := range in.Games {
		res := league.Result{Totals: map[string]int{}, LowestWins: gm.LowestWins}
		for _, pl := range gm.Players {
			res.Totals[in.Canonical(strings.ToUpper(pl.Name[:1])+pl.Name[1:])] = pl.Score
		}
		results = append(results, res)
	}
	for _, m := range Compute(in).Members {
		for _, rec := range m.HeadToHead {
			ahead, behind, level := league.HeadToHead(results, m.Member, rec.Opponent)
			if rec.Ahead != ahead || rec.Behind != behind || rec.Level != level {
				t.Errorf("%s v %s: %d/%d/%d, league says %d/%d/%d", m.Member, rec.Opponent, rec.Ahead, rec.Behind, rec.Level, ahead, behind, level)
			}
		}
	}
}

func TestRatings(t *testing.T) {
	got := Ratings(season(), openskill.Default())
	var order []string
	for _, r := range got {
		order = append(order, r.Member)
	}
	// Ana and Ben won three of four each; Ben's last win came against
	// more players. Cy lost five, Eve played once, Dee never.
	if order[len(order)-1] != "Dee" || got[len(got)-1].Rank != 0 || got[len(got)-1].Games != 0 || got[len(got)-1].Rating != openskill.Default().New() {
		t.Errorf("a member without games must come last, unranked, at the start rating: %+v", got[len(got)-1])
	}
	if got[0].Rank != 1 || (got[0].Member != "Ana" && got[0].Member != "Ben") {
		t.Errorf("order %v", order)
	}
	for i, r := range got {
		// Cy lost every game but beat two players once: a mean below
		// the winners', yet an ordinal above Eve's single loss (five
		// games make Cy's rating surer).
		if r.Member == "Cy" && (r.Games != 5 || len(r.History) != 5 || i != 2 || r.Mu >= got[0].Mu || r.Mu >= got[1].Mu) {
			t.Errorf("Cy: %+v at %d in %v", r, i, order)
		}
		if r.Games > 0 && r.History[len(r.History)-1] != math.Round(r.Ordinal()*10)/10 {
			t.Errorf("%s: history ends at %v, ordinal %v", r.Member, r.History, r.Ordinal())
		}
		if i > 0 && r.Games > 0 && got[i-1].Ordinal() < r.Ordinal() {
			t.Errorf("not best first: %v", order)
		}
	}
	// Two equal players tied in their only game share the rank.
	tied := Ratings(Input{Games: []Game{g("adh", false, p("A", 3, true), p("B", 3, true), p("C", 1, false))}}, openskill.Default())
	if tied[0].Rank != 1 || tied[1].Rank != 1 || tied[2].Rank != 3 || tied[0].Ordinal() != tied[1].Ordinal() {
		t.Errorf("tied: %+v", tied)
	}
	// Same input, same output.
	if again := Ratings(season(), openskill.Default()); !reflect.DeepEqual(again, got) {
		t.Error("ratings are not deterministic")
	}
}

func TestPercent(t *testing.T) {
	for in, want := range map[float64]int{0: 0, 1: 1 * 100, 2.0 / 3: 67, 0.125: 13, 0.994: 99} {
		if got := Percent(in); got != want {
			t.Errorf("Percent(%v) = %d, want %d", in, got, want)
		}
	}
}

// BenchmarkCompute: a season of 500 games of 2–8 players from 30 members,
// the profiles and the ratings (go test -bench Compute ./sessions/league/stats).
func BenchmarkCompute(b *testing.B) {
	var in Input
	for i := range 30 {
		in.Members = append(in.Members, "member"+string(rune('A'+i)))
	}
	for i := range 500 {
		n := 2 + i%7
		gm := Game{Game: []string{"kks", "cambio", "adh"}[i%3], LowestWins: i%3 == 1}
		for j := range n {
			gm.Players = append(gm.Players, Player{Name: in.Members[(i*7+j*11)%30], Score: (i*31 + j*17) % 50, Winner: j == 0})
		}
		in.Games = append(in.Games, gm)
	}
	b.ReportAllocs()
	for b.Loop() {
		Compute(in)
		Ratings(in, openskill.Default())
	}
}

// FuzzCompute builds a league from arbitrary bytes (each game: a slug
// bit, a fewest-wins bit, then seats of name, score and winner) and checks
// what must hold for any league: wins within games played, per-game
// counts adding up, head-to-head records mirroring each other, streaks no
// longer than the games played, and one placing per game played.
func FuzzCompute(f *testing.F) {
	f.Add([]byte{0, 3, 0x11, 5, 1, 0x22, 5, 1, 0x33, 2, 0, 1, 2, 0x21, 9, 0, 0x12, 4, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		var in Input
		in.Members = []string{"a", "B"}
		in.Canonical = func(n string) string { return strings.TrimSuffix(n, "!") }
		for len(data) >= 2 && len(in.Games) < 50 {
			gm := Game{Game: []string{"x", "y"}[data[0]&1], LowestWins: data[0]&2 != 0}
			n := int(data[1]%9) + 1
			data = data[2:]
			for range n {
				if len(data) < 3 {
					break
				}
				gm.Players = append(gm.Players, Player{Name: []string{"a", "A", "b", "c", "c!", "d"}[data[0]%6], Score: int(int8(data[1])), Winner: data[2]&1 == 1})
				data = data[3:]
			}
			in.Games = append(in.Games, gm)
		}
		r := Compute(in)
		byName := map[string]Profile{}
		for _, m := range r.Members {
			byName[m.Member] = m
		}
		for _, m := range r.Members {
			sum := 0
			for _, gs := range m.Games {
				sum += gs.Played
				if gs.Won > gs.Played {
					t.Fatalf("%s: %+v", m.Member, gs)
				}
			}
			if m.Won > m.Played || sum != m.Played || len(m.Placings) != m.Played || m.LongestStreak > m.Won || m.CurrentStreak > m.LongestStreak {
				t.Fatalf("%+v", m)
			}
			for _, rec := range m.HeadToHead {
				mirror := slices.IndexFunc(byName[rec.Opponent].HeadToHead, func(o Record) bool { return o.Opponent == m.Member })
				o := byName[rec.Opponent].HeadToHead[mirror]
				if o.Ahead != rec.Behind || o.Behind != rec.Ahead || o.Level != rec.Level || rec.Ahead+rec.Behind+rec.Level != rec.Games {
					t.Fatalf("%s v %s: %+v vs %+v", m.Member, rec.Opponent, rec, o)
				}
			}
		}
		for _, rt := range Ratings(in, openskill.Default()) {
			if math.IsNaN(rt.Mu) || math.IsNaN(rt.Sigma) || len(rt.History) != rt.Games {
				t.Fatalf("%+v", rt)
			}
		}
	})
}

// Another game's sheets are kept apart by the names the tables gave them
// (whatever their case, titled as first written) and by how they are
// won: each best score is the best by its own rule, and each placing
// names its sheet.
func TestSheetsKeptApartByNameAndRule(t *testing.T) {
	sheet := func(name string, lowest bool, a, b int) Game {
		gm := g("another-game", lowest, p("A", a, false), p("B", b, false))
		gm.Sheet = name
		return gm
	}
	m, _ := Compute(Input{Members: []string{"A"}, Games: []Game{
		sheet("Golf", true, 30, 41),
		sheet("Skat", false, 12, 40),
		sheet("golf", true, 28, 20),
		sheet("Golf", false, 50, 10), // the same name won the other way: another record
		g("cambio", true, p("A", 19, false), p("B", 36, false)),
	}}).Member("A")
	got := map[string]GameStats{}
	for _, gs := range m.Games {
		key := gs.Game + "/" + gs.Sheet
		if gs.LowestWins {
			key += "/lowest"
		}
		gs.last = 0
		got[key] = gs
	}
	want := map[string]GameStats{
		"another-game/Golf/lowest": {Game: "another-game", Sheet: "Golf", LowestWins: true, Played: 2, Won: 1, WinRate: 0.5, Average: 29, Best: 28},
		"another-game/Skat":        {Game: "another-game", Sheet: "Skat", Played: 1, Won: 0, Average: 12, Best: 12},
		"another-game/Golf":        {Game: "another-game", Sheet: "Golf", Played: 1, Won: 1, WinRate: 1, Average: 50, Best: 50},
		"cambio//lowest":           {Game: "cambio", LowestWins: true, Played: 1, Won: 1, WinRate: 1, Average: 19, Best: 19},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("per game:\n got %+v\nwant %+v", got, want)
	}
	if m.Favourite != "another-game" || m.Games[0].Sheet != "Golf" || !m.Games[0].LowestWins {
		t.Errorf("favourite %q %+v: want the lowest-wins Golf, played twice", m.Favourite, m.Games[0])
	}
	var sheets []string
	for _, pl := range m.Placings {
		sheets = append(sheets, pl.Sheet)
	}
	if !slices.Equal(sheets, []string{"Golf", "Skat", "golf", "Golf", ""}) {
		t.Errorf("placings name the sheets %q", sheets)
	}
}

// TestAverageLength: a member's average length is over their games with
// a known length only (a game of 0 minutes is not known), rounded half
// up; a member without such games has none.
func TestAverageLength(t *testing.T) {
	timed := func(minutes int, players ...Player) Game {
		game := g("kks", false, players...)
		game.Minutes = minutes
		return game
	}
	r := Compute(Input{Members: []string{"Ana", "Ben", "Cy"}, Games: []Game{
		timed(20, p("Ana", 10, true), p("Ben", 5, false)),
		timed(0, p("Ana", 10, true), p("Ben", 5, false)),
		timed(25, p("Ana", 1, false), p("Ben", 5, true)),
		timed(0, p("Cy", 1, true), p("Ben", 0, false)),
	}})
	for _, c := range []struct {
		name       string
		avg, timed int
	}{{"Ana", 23, 2}, {"Ben", 23, 2}, {"Cy", 0, 0}} {
		m, _ := r.Member(c.name)
		if m.AverageMinutes != c.avg || m.Timed != c.timed {
			t.Errorf("%s: average %d over %d, want %d over %d", c.name, m.AverageMinutes, m.Timed, c.avg, c.timed)
		}
	}
	for _, c := range [][3]int{{0, 0, 0}, {45, 2, 23}, {44, 2, 22}, {10, 3, 3}, {60, 1, 60}} {
		if got := AverageMinutes(c[0], c[1]); got != c[2] {
			t.Errorf("AverageMinutes(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}
