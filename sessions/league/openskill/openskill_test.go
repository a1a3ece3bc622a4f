package openskill

import (
	"errors"
	"math"
	"testing"
)

// close enough: the reference libraries agree with each other to ~1e-15;
// 1e-10 is the tolerance openskill.js's parity test uses.
const tol = 1e-10

func near(a, b float64) bool { return math.Abs(a-b) <= tol }

func team(n int, r Rating) []Rating {
	out := make([]Rating, n)
	for i := range out {
		out[i] = r
	}
	return out
}

func check(t *testing.T, got [][]Rating, want [][]Rating) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d teams, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("team %d has %d players, want %d", i+1, len(got[i]), len(want[i]))
		}
		for j := range want[i] {
			if !near(got[i][j].Mu, want[i][j].Mu) || !near(got[i][j].Sigma, want[i][j].Sigma) {
				t.Errorf("team %d player %d: %+v, want %+v", i+1, j+1, got[i][j], want[i][j])
			}
		}
	}
}

// noTau is openskill.js's model function called directly (its tests call
// the Plackett–Luce model without the rate() wrapper, so no tau).
func noTau() Model { m := Default(); m.Tau = 0; return m }

// TestFreeForAll: openskill.js, src/models/__tests__/plackett-luce.test.ts
// (commit 1528fe740c3335ca3812dbedcef5e75df0f1b2c4), "2p FFA" … "5p FFA"
// and "3 teams different sized players": every player starts at the
// default rating (25, 25/3), finishing in the order given.
func TestFreeForAll(t *testing.T) {
	r := Default().New()
	one := func(mu, sigma float64) []Rating { return []Rating{{mu, sigma}} }
	tests := []struct {
		name  string
		teams [][]Rating
		want  [][]Rating
	}{
		{"2p FFA", [][]Rating{{r}, {r}}, [][]Rating{
			one(27.63523138347365, 8.065506316323548),
			one(22.36476861652635, 8.065506316323548),
		}},
		{"3p FFA", [][]Rating{{r}, {r}, {r}}, [][]Rating{
			one(27.868876552746237, 8.204837030780652),
			one(25.717219138186557, 8.057829747583874),
			one(21.413904309067206, 8.057829747583874),
		}},
		{"4p FFA", [][]Rating{{r}, {r}, {r}, {r}}, [][]Rating{
			one(27.795084971874736, 8.263160757613477),
			one(26.552824984374855, 8.179213704945203),
			one(24.68943500312503, 8.083731307186588),
			one(20.96265504062538, 8.083731307186588),
		}},
		{"5p FFA", [][]Rating{{r}, {r}, {r}, {r}, {r}}, [][]Rating{
			one(27.666666666666668, 8.290556877154474),
			one(26.833333333333332, 8.240145629781066),
			one(25.72222222222222, 8.179996679645559),
			one(24.055555555555557, 8.111796013701358),
			one(20.72222222222222, 8.111796013701358),
		}},
		{"3 teams different sized players", [][]Rating{team(3, r), {r}, team(2, r)}, [][]Rating{
			team(3, Rating{25.939870821784513, 8.247641552260456}),
			one(27.21366020491262, 8.274321317985242),
			team(2, Rating{21.84646897330287, 8.213058173195341}),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := noTau().Rate(tt.teams, nil)
			if err != nil {
				t.Fatal(err)
			}
			check(t, got, tt.want)
		})
	}
}

// TestOpenSkillPyFixtures: openskill.py v6.2.0 (commit
// a758216d4a231039561a04ed1b0da04af2a4e36a), tests/models/data/
// plackettluce.json, the scenarios of test_rate in
// tests/models/weng_lin/test_plackett_luce.py that use ranks only
// ("normal", "ranks", "limit_sigma", "ties"). The model there is
// PlackettLuce(mu, sigma) with the fixture's mu and sigma and the
// library's defaults otherwise (beta 25/6, kappa 0.0001, tau 25/300).
func TestOpenSkillPyFixtures(t *testing.T) {
	m := Default()
	m.Mu, m.Sigma = 20.35125162611535, 8.33148112355601
	r := m.New()
	tests := []struct {
		name  string
		limit bool
		teams [][]Rating
		ranks []int
		want  [][]Rating
	}{
		{"normal", false, [][]Rating{team(1, r), team(2, r)}, nil, [][]Rating{
			{{23.855123082692877, 8.22447878583752}},
			team(2, Rating{16.84738016953782, 8.179571171464575}),
		}},
		{"ranks", false, [][]Rating{team(1, r), team(2, r), team(1, r), team(2, r)}, []int{2, 1, 4, 3}, [][]Rating{
			{{22.35555943890167, 8.265434830225024}},
			team(2, Rating{22.373451456616035, 8.258479912445537}),
			{{18.311159777900297, 8.219170401234347}},
			team(2, Rating{18.364835831043397, 8.112716571808326}),
		}},
		{"limit_sigma", true, [][]Rating{team(1, r), team(2, r), team(3, r)}, []int{2, 1, 3}, [][]Rating{
			{{22.81664991565251, 8.28331609373364}},
			team(2, Rating{22.74645120129216, 8.268148437657915}),
			team(3, Rating{15.49065376140138, 8.18959307104567}),
		}},
		{"ties", false, [][]Rating{team(1, r), team(2, r), team(3, r)}, []int{1, 2, 1}, [][]Rating{
			{{21.63766806988004, 8.310709773172306}},
			team(2, Rating{19.53956360838512, 8.268148437657915}),
			team(3, Rating{19.87652320008089, 8.237522411103104}),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := m
			m.LimitSigma = tt.limit
			got, err := m.Rate(tt.teams, tt.ranks)
			if err != nil {
				t.Fatal(err)
			}
			check(t, got, tt.want)
		})
	}
}

func TestProperties(t *testing.T) {
	m := Default()
	r := m.New()
	if r.Ordinal() != 0 {
		t.Errorf("a new player's ordinal is %v, want 0", r.Ordinal())
	}
	// A game of one side changes nothing (openskill.js: "solo game does
	// not change rating").
	got, err := m.Rate([][]Rating{{r}}, nil)
	if err != nil || got[0][0] != r {
		t.Errorf("solo game: %v %v", got, err)
	}
	// Equal players tied for every place: nobody's mean moves, and every
	// sigma shrinks alike (the game was seen).
	tied, _ := m.RatePlayers([]Rating{r, r, r}, []int{1, 1, 1})
	for _, p := range tied {
		if !near(p.Mu, r.Mu) || p.Sigma >= math.Sqrt(r.Sigma*r.Sigma+m.Tau*m.Tau) || p.Sigma != tied[0].Sigma {
			t.Errorf("all tied: %+v", tied)
		}
	}
	// Shared places: 1, 2, 2, 4. The two seconds move alike and sit
	// between the first and the last; order follows the places.
	four, _ := m.RatePlayers([]Rating{r, r, r, r}, []int{1, 2, 2, 4})
	if !near(four[1].Mu, four[2].Mu) || !(four[0].Mu > four[1].Mu && four[2].Mu > four[3].Mu) {
		t.Errorf("1, 2, 2, 4: %+v", four)
	}
	// Places are relative: 1, 2, 2, 4 is 0, 5, 5, 9.
	same, _ := m.RatePlayers([]Rating{r, r, r, r}, []int{0, 5, 5, 9})
	for i := range four {
		if four[i] != same[i] {
			t.Errorf("ranks 0/5/5/9 differ from 1/2/2/4: %+v vs %+v", same, four)
		}
	}
	// Beating a stronger player pays more than beating an equal one.
	strong := Rating{Mu: 35, Sigma: 4}
	upset, _ := m.RatePlayers([]Rating{r, strong}, nil)
	plain, _ := m.RatePlayers([]Rating{r, r}, nil)
	if upset[0].Mu-r.Mu <= plain[0].Mu-r.Mu {
		t.Errorf("upset gain %v not above plain gain %v", upset[0].Mu-r.Mu, plain[0].Mu-r.Mu)
	}
	// The input is not modified, and the order of the sides does not
	// matter, only their ranks.
	in := []Rating{r, strong, r}
	a, _ := m.RatePlayers(in, []int{2, 1, 3})
	b, _ := m.RatePlayers([]Rating{strong, r, r}, []int{1, 2, 3})
	if in[1] != strong || !near(a[0].Mu, b[1].Mu) || !near(a[1].Mu, b[0].Mu) || !near(a[2].Sigma, b[2].Sigma) {
		t.Errorf("order of sides matters: %+v vs %+v", a, b)
	}
}

func TestRateErrors(t *testing.T) {
	m := Default()
	r := m.New()
	for _, tt := range []struct {
		name  string
		teams [][]Rating
		ranks []int
		want  error
	}{
		{"ranks", [][]Rating{{r}, {r}}, []int{1}, ErrRanks},
		{"empty team", [][]Rating{{r}, {}}, nil, ErrTeam},
		{"NaN", [][]Rating{{r}, {{math.NaN(), 1}}}, nil, ErrValue},
		{"zero sigma", [][]Rating{{r}, {{25, 0}}}, nil, ErrValue},
		{"infinite", [][]Rating{{r}, {{math.Inf(1), 1}}}, nil, ErrValue},
	} {
		if _, err := m.Rate(tt.teams, tt.ranks); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
}

// FuzzRate: any finite ratings and ranks give finite ratings with a
// positive sigma that never grows past sigma+tau, and never panic.
func FuzzRate(f *testing.F) {
	f.Add(25.0, 8.3, 30.0, 2.0, 10.0, 0.5, 1, 2, 2)
	f.Add(0.0, 1e-9, 1e6, 1e3, -50.0, 7.0, 3, 3, 3)
	f.Fuzz(func(t *testing.T, m1, s1, m2, s2, m3, s3 float64, r1, r2, r3 int) {
		m := Default()
		in := []Rating{{m1, s1}, {m2, s2}, {m3, s3}}
		out, err := m.RatePlayers(in, []int{r1, r2, r3})
		if err != nil {
			return
		}
		for i, r := range out {
			if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma <= 0 {
				t.Fatalf("%+v → %+v", in, out)
			}
			if r.Sigma > math.Sqrt(in[i].Sigma*in[i].Sigma+m.Tau*m.Tau)*(1+1e-12) {
				t.Fatalf("sigma grew: %+v → %+v", in[i], r)
			}
		}
	})
}
