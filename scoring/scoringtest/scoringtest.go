// Package scoringtest holds the checks every engine's tests share: the
// invariants of a result, refusal and phrase, the one runner of the
// worked cases of docs/examples/score-cases.json, and the property that
// the moves an engine offers are the moves it accepts.
package scoringtest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"tablemate/docs"
	"tablemate/scoring"
)

// Check fails t for every invariant res breaks: the lists API.md always
// writes are there; valid means no violation (G-3); each total is the sum
// of its lines and, in a round-based game, of its rounds (G-1); winners
// are players, and there are none unless the state is valid and the game
// over; every message, label and tie-break keeps the phrase it says
// (Phrase); every violation names a ruling g knows (scoring.RulingsOf:
// the shared ones and the engine's own).
func Check(t testing.TB, g scoring.Game, res scoring.Result) {
	t.Helper()
	if res.Violations == nil || res.Warnings == nil || res.Players == nil || res.Winners == nil {
		t.Errorf("%s: a list is null: %+v", res.Game, res)
	}
	if res.Valid != (len(res.Violations) == 0) {
		t.Errorf("%s: valid %v with %d violations", res.Game, res.Valid, len(res.Violations))
	}
	names := make([]string, len(res.Players))
	for i, p := range res.Players {
		names[i] = p.Name
		if sum := scoring.Sum(p.Breakdown); p.Total != sum {
			t.Errorf("%s: total %d, lines add to %d (G-1)", p.Name, p.Total, sum)
		}
		if p.Rounds != nil {
			sum := 0
			for _, r := range p.Rounds {
				sum += r
			}
			if p.Total != sum {
				t.Errorf("%s: total %d, rounds add to %d (G-1)", p.Name, p.Total, sum)
			}
		}
		for _, l := range p.Breakdown {
			said(t, "line", l.Phrase, l.Label)
		}
	}
	if len(res.Winners) > 0 && (!res.Valid || !res.GameOver) {
		t.Errorf("%s: winners %v, but valid %v and game over %v", res.Game, res.Winners, res.Valid, res.GameOver)
	}
	for _, w := range res.Winners {
		if !slices.Contains(names, w) {
			t.Errorf("winner %q is not a player of %v", w, names)
		}
	}
	rulings := scoring.RulingsOf(g)
	for _, v := range append(slices.Clone(res.Violations), res.Warnings...) {
		said(t, "violation "+v.Code, v.Phrase, v.Message)
		if !codeRE.MatchString(v.Code) || scoring.FindRuling(rulings, v.Rule) == "" {
			t.Errorf("violation %q names ruling %q: want a snake_case code and a ruling of RULINGS.md", v.Code, v.Rule)
		}
	}
	if res.TieBreak != "" || !res.TieBreakPhrase.IsZero() {
		said(t, "tie-break", res.TieBreakPhrase, res.TieBreak)
	}
}

var codeRE = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Refusal fails t when se is not a refusal a page can show: a snake_case
// code, a ruling of RULINGS.md g knows (scoring.RulingsOf) and its
// message kept as a Phrase.
func Refusal(t testing.TB, g scoring.Game, se *scoring.StepError) {
	t.Helper()
	if se == nil {
		return
	}
	if !codeRE.MatchString(se.Code) || scoring.FindRuling(scoring.RulingsOf(g), se.Rule) == "" {
		t.Errorf("refusal %q names ruling %q: want a snake_case code and a ruling of RULINGS.md", se.Code, se.Rule)
	}
	said(t, "refusal "+se.Code, se.Phrase, se.Message)
}

// said checks that text is p in English and that p is a phrase a page can
// say (Phrase).
func said(t testing.TB, what string, p scoring.Phrase, text string) {
	t.Helper()
	if p.IsZero() {
		t.Errorf("%s %q has no phrase: build it with scoring.Phrasef (or Linef, Violationf, Refusef)", what, text)
		return
	}
	if got := p.String(); got != text {
		t.Errorf("%s reads %q but its phrase says %q", what, text, got)
	}
	Phrase(t, p)
}

// Phrase fails t when p has no format or passes a bare string argument:
// a page would not know whether to translate it. A name (or typed text)
// is a scoring.Name, a word a scoring.Phrase (Phrasef("red")), a list of
// names a []string.
func Phrase(t testing.TB, p scoring.Phrase) {
	t.Helper()
	if p.IsZero() {
		t.Errorf("a phrase without a format")
		return
	}
	for _, a := range p.Args() {
		arg(t, p.Format(), a)
	}
}

func arg(t testing.TB, format string, a any) {
	t.Helper()
	switch v := a.(type) {
	case string:
		t.Errorf("%q takes the bare string %q: pass a scoring.Name (a name, typed text) or a Phrase (a word)", format, v)
	case scoring.Phrase:
		Phrase(t, v)
	case scoring.Terms:
		for _, term := range v {
			arg(t, format, term)
		}
	}
}

// Codes lists the codes of vs, in order; nil when there are none.
func Codes(vs []scoring.Violation) []string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Code)
	}
	return out
}

// Case is one worked case of docs/examples/score-cases.json: a request
// and the answer RULINGS.md gives.
type Case struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Request json.RawMessage `json:"request"`
	Expect  struct {
		Valid    bool     `json:"valid"`
		GameOver bool     `json:"game_over"`
		Codes    []string `json:"codes"`
		Players  []struct {
			Name   string `json:"name"`
			Total  int    `json:"total"`
			Rounds []int  `json:"rounds"`
		} `json:"players"`
		Winners []string `json:"winners"`
	} `json:"expect"`
}

// Cases returns the worked cases of game, in the file's order; "" returns
// every case.
func Cases(t testing.TB, game string) []Case {
	t.Helper()
	var all []Case
	if err := json.Unmarshal(docs.ScoreCases, &all); err != nil {
		t.Fatal(err)
	}
	var out []Case
	for _, c := range all {
		if game == "" || c.Game == game {
			out = append(out, c)
		}
	}
	return out
}

// RunCases checks each case with the engine find gives for its game:
// valid, game over, every expected code among the violations (none when
// none is expected), each player's total (and rounds, when given), the
// winners, and the invariants of Check.
func RunCases(t *testing.T, cases []Case, find func(slug string) (scoring.Game, bool)) {
	t.Helper()
	if len(cases) == 0 {
		t.Fatal("no worked cases")
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			engine, ok := find(c.Game)
			if !ok {
				t.Fatalf("no engine for %s", c.Game)
			}
			res, err := engine.Check(c.Request)
			if err != nil {
				t.Fatal(err)
			}
			Check(t, engine, res)
			if res.Valid != c.Expect.Valid || res.GameOver != c.Expect.GameOver {
				t.Errorf("valid %v game_over %v, want %v %v (%v)", res.Valid, res.GameOver, c.Expect.Valid, c.Expect.GameOver, res.Violations)
			}
			got := Codes(res.Violations)
			for _, code := range c.Expect.Codes {
				if !slices.Contains(got, code) {
					t.Errorf("violation %s missing from %v", code, res.Violations)
				}
			}
			if len(c.Expect.Codes) == 0 && len(got) != 0 {
				t.Errorf("unexpected violations %v", res.Violations)
			}
			if len(res.Players) != len(c.Expect.Players) {
				t.Fatalf("%d players, want %d", len(res.Players), len(c.Expect.Players))
			}
			for i, want := range c.Expect.Players {
				p := res.Players[i]
				if p.Name != want.Name || p.Total != want.Total {
					t.Errorf("player %d = %s %d, want %s %d", i, p.Name, p.Total, want.Name, want.Total)
				}
				if want.Rounds != nil && !slices.Equal(p.Rounds, want.Rounds) {
					t.Errorf("%s rounds %v, want %v", want.Name, p.Rounds, want.Rounds)
				}
			}
			if !slices.Equal(res.Winners, c.Expect.Winners) {
				t.Errorf("winners %v, want %v", res.Winners, c.Expect.Winners)
			}
		})
	}
}

// Only is find for a single engine: the engine for its own slug.
func Only(g scoring.Game) func(string) (scoring.Game, bool) {
	return func(slug string) (scoring.Game, bool) { return g, slug == g.Info().Slug }
}

// Legal fails t for each move in moves that pos refuses: the moves an
// engine offers are moves it accepts.
func Legal[P scoring.Position[P, S, V], S, V any](t testing.TB, pos P, moves []S) {
	t.Helper()
	for _, m := range moves {
		if _, se := pos.Apply(m); se != nil && !se.Warning {
			t.Errorf("the engine offers %+v but refuses it: %s (%s)", m, se.Message, se.Code)
		}
	}
}

// Playout plays a game from pos with the moves its engine offers until it
// is over, choosing each with choose (which may complete a move the
// engine offers in its compact form, and returns false to stop), at most
// limit steps. Every position's offer is checked with check (nil: every
// move must be accepted, Legal) and the final score with Check. It
// returns the last position. g is the engine the rules are of (its
// rulings are the ones a refusal or violation may name).
func Playout[P scoring.Position[P, S, V], S, V any](t testing.TB, g scoring.Game, r scoring.Rules[P, S, V], pos P, limit int, choose func(pos P, moves []S) (S, bool), check func(pos P, moves []S)) P {
	t.Helper()
	// Positions are values: a move leaves the position it was played on
	// as it was (a table keeps its game's position and pages read it
	// while the next move is played: scoring.Kept).
	var seen []P
	var prints []string
	defer func() {
		for i, p := range seen {
			if fingerprint(reflect.ValueOf(p)) != prints[i] {
				t.Errorf("the position before move %d was changed by a later move: Apply must leave its receiver untouched", i+1)
				return
			}
		}
	}()
	for range limit {
		if pos.Over() {
			break
		}
		seen, prints = append(seen, pos), append(prints, fingerprint(reflect.ValueOf(pos)))
		moves := pos.Moves()
		if len(moves) == 0 {
			t.Fatalf("no move offered in a game that is not over: %+v", pos)
		}
		if check != nil {
			check(pos, moves)
		} else {
			Legal(t, pos, moves)
		}
		m, ok := choose(pos, moves)
		if !ok {
			break
		}
		next, se := pos.Apply(m)
		if se != nil && !se.Warning {
			t.Fatalf("the chosen move %+v is refused: %s", m, se.Message)
		}
		Refusal(t, g, se)
		pos = next
	}
	if pos.Over() && len(pos.Moves()) != 0 {
		t.Errorf("moves offered once the game is over: %+v", pos.Moves())
	}
	Check(t, g, r.Score(pos))
	return pos
}

// Mover is a game in progress whose turns go round: who moves, and a step
// applied.
type Mover[P any, S any] interface {
	ToMove() string
	Apply(S) (P, *scoring.StepError)
}

// TurnOrder plays n steps from p (step gives each one) and returns who
// moved, space-separated: "Ben Cy Ana Ben".
func TurnOrder[P Mover[P, S], S any](t testing.TB, p P, n int, step func(P) S) string {
	t.Helper()
	var order []string
	for range n {
		order = append(order, p.ToMove())
		next, serr := p.Apply(step(p))
		if serr != nil {
			t.Fatal(serr)
		}
		p = next
	}
	return strings.Join(order, " ")
}

// fingerprint prints v whole, following pointers (fmt prints their
// addresses), so a change anywhere inside a position shows.
func fingerprint(v reflect.Value) string {
	var b strings.Builder
	var walk func(v reflect.Value, depth int)
	walk = func(v reflect.Value, depth int) {
		if depth > 64 {
			b.WriteString("…")
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			b.WriteString("&")
			walk(v.Elem(), depth+1)
		case reflect.Struct:
			b.WriteString("{")
			for i := range v.NumField() {
				walk(v.Field(i), depth+1)
				b.WriteString(",")
			}
			b.WriteString("}")
		case reflect.Slice, reflect.Array:
			b.WriteString("[")
			for i := range v.Len() {
				walk(v.Index(i), depth+1)
				b.WriteString(",")
			}
			b.WriteString("]")
		case reflect.Map:
			keys := v.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
			b.WriteString("map[")
			for _, k := range keys {
				b.WriteString(fmt.Sprint(k) + ":")
				walk(v.MapIndex(k), depth+1)
				b.WriteString(",")
			}
			b.WriteString("]")
		case reflect.Func, reflect.Chan:
			b.WriteString(v.Kind().String())
		default:
			fmt.Fprint(&b, v)
		}
	}
	walk(v, 0)
	return b.String()
}
