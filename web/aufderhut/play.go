package aufderhut

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/aufderhut"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// adhPlay is Auf der Hut played along: the display is laid by tapping
// characters, then each turn is entered as an action (look, swap,
// reveal), the hat(s) tapped in the display and, for a reveal, what the
// hat was and which character refilled the spot.
type adhPlay struct{}

func (adhPlay) SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Scripts = []string{"js/play-adh.js"}
	p.Styles = []string{"css/play-adh.css"}
	vm := ADHSetupVM{Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c), Errors: errs,
		Names: make([]string, aufderhut.Kinds), Display: make([]int, aufderhut.DisplaySize), Starts: kit.WhoStarts(c, t)}
	defaults := aufderhut.DefaultNames()
	for i := range defaults {
		vm.Defaults = append(vm.Defaults, scoring.Phrasef("character %d", i+1))
	}
	if c.Request().Method == http.MethodPost { // a refused start: show what was sent
		vm.Variant = c.FormValue("variant")
		vm.Names = typedNames(c)
		for i := range vm.Display {
			vm.Display[i], _ = strconv.Atoi(c.FormValue(fmt.Sprintf("display[%d]", i)))
		}
		return ADHSetup(vm)
	}
	// A table names its characters once: the last guided game's names
	// and variant are the next one's defaults.
	if last, ok := lastADHSetup(t); ok {
		vm.Variant = last.Variant
		for i, n := range last.Names {
			if i < len(vm.Names) && n != defaults[i] {
				vm.Names[i] = n
			}
		}
	}
	return ADHSetup(vm)
}

// lastADHSetup is the setup of the table's newest guided game still in
// effect, if any (the table keeps which event started it: no walk over
// the log).
func lastADHSetup(t sessions.Table) (aufderhut.Setup, bool) {
	e, ok := t.LastPlayStarted()
	if !ok {
		return aufderhut.Setup{}, false
	}
	var ps sessions.PlayStarted
	if json.Unmarshal(e.Payload, &ps) != nil {
		return aufderhut.Setup{}, false
	}
	s, err := aufderhut.ParseSetup(ps.Setup)
	return s, err == nil
}

func typedNames(c echo.Context) []string {
	names := make([]string, aufderhut.Kinds)
	for i := range names {
		names[i] = strings.TrimSpace(c.FormValue(fmt.Sprintf("names[%d]", i)))
	}
	return names
}

// setupJSON reads the variant, the names (all empty: none) and the 7
// characters; the engine checks them (ruling ADH-1).
func (adhPlay) SetupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	// The table's chosen first player takes the first turn.
	s := aufderhut.Setup{Variant: c.FormValue("variant"), Display: make([]int, aufderhut.DisplaySize), First: max(0, slices.Index(t.Players, t.First))}
	for _, n := range typedNames(c) {
		if n != "" {
			s.Names = typedNames(c)
			break
		}
	}
	for i := range s.Display {
		f := fmt.Sprintf("display[%d]", i)
		v := strings.TrimSpace(c.FormValue(f))
		if v == "" {
			return nil, kit.FormErrorf(f, "Choose the character on spot %d.", i+1)
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, kit.FormErrorf(f, "Spot %d: %q is not one of the characters 1 to %d.", i+1, v, aufderhut.Kinds)
		}
		s.Display[i] = n
	}
	return aufderhut.SetupJSON(s), nil
}

// stepJSON reads a posted move: look, swap_a + swap_b, reveal + outcome
// (+ laid), or end.
func (adhPlay) StepJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	var s aufderhut.Step
	num := func(name string) (int, error) {
		v := strings.TrimSpace(c.FormValue(name))
		if v == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, kit.FormErrorf(name, "%q is not a spot or character number.", v)
		}
		return n, nil
	}
	var err error
	var a, b int
	for _, f := range []struct {
		name string
		to   *int
	}{{"look", &s.Look}, {"swap_a", &a}, {"swap_b", &b}, {"reveal", &s.Reveal}, {"laid", &s.Laid}} {
		if *f.to, err = num(f.name); err != nil {
			return nil, err
		}
	}
	if a != 0 || b != 0 {
		if a == 0 || b == 0 {
			return nil, kit.FormErrorf("swap_b", "Choose both hats to swap.")
		}
		s.Swap = [2]int{a, b}
	}
	s.Outcome = c.FormValue("outcome")
	s.End = c.FormValue("end") != ""
	return aufderhut.StepJSON(s), nil
}

// LastMove names the newest move (kit.MoveNamer) as the engine tells it.
func (adhPlay) LastMove(t sessions.Table) (scoring.Phrase, error) {
	before, _, last, _, err := aufderhut.Engine{}.LastOf(t.Play.Log())
	if err != nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}, err
	}
	return before.Describe(last), nil
}

func (adhPlay) TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error) {
	vm, err := adhPlayVM(c, t, flash, undo)
	if err != nil {
		return nil, err
	}
	return ADHPlay(vm), nil
}

// adhPlayVM describes the turn; the query says how far the move has been
// entered (do = look, swap, reveal or end; a = the first hat of a swap;
// spot = the hat revealed; outcome=match asks for the character laid).
func adhPlayVM(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (ADHPlayVM, error) {
	before, pos, last, warn, err := aufderhut.Engine{}.LastOf(t.Play.Log())
	if err != nil {
		return ADHPlayVM{}, fmt.Errorf("resume guided game: %w", err)
	}
	base := kit.EditBase(c)
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = []string{"css/play-adh.css"}
	p.Flash, p.FlashKind = flash, "bad"
	playURL := func(q url.Values) string { return base + "/play?" + q.Encode() }
	vm := ADHPlayVM{
		Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: base,
		Turn: pos.Steps + 1, ToMove: pos.ToMove(), ThreeLeft: pos.Variant == aufderhut.ThreeLeft,
		CharactersLeft: pos.CharactersLeft, HatsLeft: pos.HatsLeft,
		WonderhatsLeft: pos.WonderhatsLeft(), BaldHeadsLeft: pos.BaldHeadsLeft(),
		WithHats: pos.WithHats(), Refills: pos.Refills(),
		ChooseURL: base + "/play",
		LookURL:   playURL(url.Values{"do": {"look"}}), SwapURL: playURL(url.Values{"do": {"swap"}}),
		RevealURL: playURL(url.Values{"do": {"reveal"}}), EndURL: playURL(url.Values{"do": {"end"}}),
		UndoLabel: undo,
	}
	if len(t.Play.Steps) > 0 {
		vm.LastMove = before.Describe(last)
	}
	if warn != nil {
		vm.Warning = warn.Phrase
	}
	for i, pl := range pos.Players {
		cov := aufderhut.Cover(pl)
		seat := ADHSeatVM{Name: pl.Name, ToMove: i == pos.Current(), Characters: pl.Characters,
			Wonderhats: pl.Wonderhats, BaldHeads: pl.BaldHeads, WithHat: cov.WithHat}
		for _, ch := range pos.Collected(i) {
			seat.Collected = append(seat.Collected, pos.Character(ch))
		}
		vm.Seats = append(vm.Seats, seat)
	}
	// What the page offers is what the engine lists (Position.Moves): the
	// spots with a hat, each reveal's outcomes and the characters a refill
	// may lay.
	moves := pos.Moves()
	offered := func(ok func(aufderhut.Step) bool) bool { return slices.ContainsFunc(moves, ok) }
	usable := func(n int) bool { return n != 0 && offered(func(m aufderhut.Step) bool { return m.Look == n }) }
	q := adhAsked(c, t)
	spotArg := func(name string) int { n, _ := strconv.Atoi(q.Get(name)); return n }
	switch q.Get("do") {
	case "look":
		vm.Mode = ADHLook
	case "swap":
		vm.Mode = ADHSwap
		if a := spotArg("a"); usable(a) {
			vm.Mode, vm.Spot = ADHSwapTo, a
		}
	case "reveal":
		vm.Mode = ADHReveal
		if s := spotArg("spot"); usable(s) {
			vm.Mode, vm.Spot, vm.SpotName = ADHOutcome, s, pos.Character(pos.Faces[s-1])
			vm.Wonderhat = offered(func(m aufderhut.Step) bool { return m.Reveal == s && m.Outcome == aufderhut.Wonderhat })
			vm.Miss = offered(func(m aufderhut.Step) bool { return m.Reveal == s && m.Outcome == aufderhut.Miss })
			if offered(func(m aufderhut.Step) bool { return m.Reveal == s && m.Laid != 0 }) {
				vm.MatchURL = playURL(url.Values{"do": {"reveal"}, "spot": {strconv.Itoa(s)}, "outcome": {"match"}})
				if q.Get("outcome") == aufderhut.Match {
					vm.Mode = ADHLay
				}
			}
		}
	case "end":
		if offered(func(m aufderhut.Step) bool { return m.End }) {
			vm.Mode = ADHEnd
		}
	}
	if vm.Mode == ADHLay {
		// The characters the refill may lay, as the engine lists them: what
		// the pile can still hold (ruling ADH-1: two of each).
		for _, m := range moves {
			if m.Reveal == vm.Spot && m.Laid != 0 {
				vm.Lay = append(vm.Lay, ADHCharVM{N: m.Laid, Name: pos.Character(m.Laid), Left: pos.PileHolds(m.Laid)})
			}
		}
	}
	for i, sp := range pos.Display {
		n := i + 1
		s := ADHSpotVM{N: n, Hat: sp.Hat, Chosen: n == vm.Spot && vm.Mode != ADHChoose}
		if sp.Character {
			s.Name = pos.Character(pos.Faces[i])
		}
		if usable(n) {
			switch vm.Mode {
			case ADHLook:
				s.Field = "look"
			case ADHSwap:
				s.Link = playURL(url.Values{"do": {"swap"}, "a": {strconv.Itoa(n)}})
			case ADHSwapTo:
				if n != vm.Spot {
					s.Field = "swap_b"
					s.SwapBack = pos.SwapsBack(vm.Spot, n)
				}
			case ADHReveal:
				s.Link = playURL(url.Values{"do": {"reveal"}, "spot": {strconv.Itoa(n)}})
			}
		}
		if s.SwapBack {
			vm.SwapBackSpot = n
			vm.SwapBackWho = pos.SwappedBy()
		}
		vm.Spots = append(vm.Spots, s)
	}
	return vm, nil
}

// adhAsked is how far the move has been entered: the page's query (do,
// a, spot, outcome), or, for the page drawn with a refused move, the
// move as posted (kit.Refused), so the refusal opens the choice it was
// made in with what was chosen (#38): a refused reveal its outcomes (and
// the character laid), a refused swap its second hat.
func adhAsked(c echo.Context, t sessions.Table) url.Values {
	q := c.QueryParams()
	sent := kit.Refused(c, t)
	if q.Get("do") != "" || sent == nil {
		return q
	}
	out := url.Values{}
	switch {
	case sent.Get("reveal") != "":
		out.Set("do", "reveal")
		out.Set("spot", sent.Get("reveal"))
		if sent.Get("outcome") == aufderhut.Match {
			out.Set("outcome", aufderhut.Match)
		}
	case sent.Get("swap_a") != "":
		out.Set("do", "swap")
		out.Set("a", sent.Get("swap_a"))
	case sent.Get("look") != "":
		out.Set("do", "look")
	case sent.Get("end") != "":
		out.Set("do", "end")
	}
	return out
}
