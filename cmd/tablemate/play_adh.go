package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/aufderhut"
	"tablemate/sessions"
	"tablemate/views"
)

// adhPlay is Auf der Hut played along: the display is laid by tapping
// characters, then each turn is entered as an action (look, swap,
// reveal), the hat(s) tapped in the display and, for a reveal, what the
// hat was and which character refilled the spot.
type adhPlay struct{}

func (adhPlay) setupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	p := page(c, t.Name)
	p.Scripts = []string{"js/play-adh.js"}
	p.Styles = []string{"css/play-adh.css"}
	vm := views.ADHSetupVM{Page: p, Form: form(c, t.Head), TableName: t.Name, Base: editBase(c), Errors: errs,
		Names: make([]string, aufderhut.Kinds), Display: make([]int, aufderhut.DisplaySize)}
	defaults := aufderhut.DefaultNames()
	for i := range defaults {
		vm.Defaults = append(vm.Defaults, tr(c, "character %d", i+1))
	}
	if c.Request().Method == http.MethodPost { // a refused start: show what was sent
		vm.Variant = c.FormValue("variant")
		vm.Names = typedNames(c)
		for i := range vm.Display {
			vm.Display[i], _ = strconv.Atoi(c.FormValue(fmt.Sprintf("display[%d]", i)))
		}
		return views.ADHSetup(vm)
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
	return views.ADHSetup(vm)
}

// lastADHSetup is the setup of the table's newest guided game still in
// effect, if any.
func lastADHSetup(t sessions.Table) (aufderhut.Setup, bool) {
	for i := len(t.Log) - 1; i >= 0; i-- {
		e := t.Log[i]
		if e.Kind != sessions.KindPlayStarted || t.UndoneBy(e.Seq) != 0 {
			continue
		}
		var ps sessions.PlayStarted
		if json.Unmarshal(e.Payload, &ps) != nil {
			return aufderhut.Setup{}, false
		}
		s, err := aufderhut.ParseSetup(ps.Setup)
		return s, err == nil
	}
	return aufderhut.Setup{}, false
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
func (adhPlay) setupJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	s := aufderhut.Setup{Variant: c.FormValue("variant"), Display: make([]int, aufderhut.DisplaySize)}
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
			return nil, formErrorf(f, "Choose the character on spot %d.", i+1)
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, formErrorf(f, "Spot %d: %q is not one of the characters 1 to %d.", i+1, v, aufderhut.Kinds)
		}
		s.Display[i] = n
	}
	return aufderhut.SetupJSON(s), nil
}

// stepJSON reads a posted move: look, swap_a + swap_b, reveal + outcome
// (+ laid), or end.
func (adhPlay) stepJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	var s aufderhut.Step
	num := func(name string) (int, error) {
		v := strings.TrimSpace(c.FormValue(name))
		if v == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, formErrorf(name, "%q is not a spot or character number.", v)
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
			return nil, formErrorf("swap_b", "Choose both hats to swap.")
		}
		s.Swap = [2]int{a, b}
	}
	s.Outcome = c.FormValue("outcome")
	s.End = c.FormValue("end") != ""
	return aufderhut.StepJSON(s), nil
}

func (adhPlay) turnPage(c echo.Context, t sessions.Table, flash string) (templ.Component, error) {
	vm, err := adhPlayVM(c, t, flash)
	if err != nil {
		return nil, err
	}
	return views.ADHPlay(vm), nil
}

// adhResume replays the table's guided game: the position now, the one
// before the last step (to tell that step) and the last step's warning.
func adhResume(t sessions.Table) (now, before aufderhut.Position, warn *scoring.StepError, err error) {
	steps := t.Play.RawSteps()
	now, warn, err = aufderhut.Resume(t.Play.Players, t.Play.Setup, steps)
	if err != nil || len(steps) == 0 {
		return now, now, warn, err
	}
	before, _, err = aufderhut.Resume(t.Play.Players, t.Play.Setup, steps[:len(steps)-1])
	return now, before, warn, err
}

// adhPlayVM describes the turn; the query says how far the move has been
// entered (do = look, swap, reveal or end; a = the first hat of a swap;
// spot = the hat revealed; outcome=match asks for the character laid).
func adhPlayVM(c echo.Context, t sessions.Table, flash string) (views.ADHPlayVM, error) {
	pos, before, warn, err := adhResume(t)
	if err != nil {
		return views.ADHPlayVM{}, fmt.Errorf("resume guided game: %w", err)
	}
	base := editBase(c)
	p := page(c, t.Name)
	p.Styles = []string{"css/play-adh.css"}
	p.Flash, p.FlashKind = flash, "bad"
	playURL := func(q url.Values) string { return base + "/play?" + q.Encode() }
	taken, bald := 0, 0
	for _, pl := range pos.Players {
		taken, bald = taken+pl.Wonderhats, bald+pl.BaldHeads
	}
	vm := views.ADHPlayVM{
		Page: p, Form: form(c, t.Head), TableName: t.Name, Base: base,
		Turn: pos.Steps + 1, ToMove: pos.ToMove(), ThreeLeft: pos.Variant == aufderhut.ThreeLeft,
		CharactersLeft: pos.CharactersLeft, HatsLeft: pos.HatsLeft,
		WonderhatsLeft: aufderhut.TotalWonderhats - taken, BaldHeadsLeft: aufderhut.TotalBaldHeads - bald,
		WithHats: pos.WithHats(), Refills: pos.Refills(),
		ChooseURL: base + "/play",
		LookURL:   playURL(url.Values{"do": {"look"}}), SwapURL: playURL(url.Values{"do": {"swap"}}),
		RevealURL: playURL(url.Values{"do": {"reveal"}}), EndURL: playURL(url.Values{"do": {"end"}}),
		UndoLabel: playUndoLabel(c, t),
	}
	if n := len(t.Play.Steps); n > 0 {
		if last, err := aufderhut.ParseStep(t.Play.Steps[n-1]); err == nil {
			vm.LastMove = adhDescribe(c, before, last)
		}
	}
	if warn != nil {
		vm.Warning = localStep(c, warn)
	}
	for i, pl := range pos.Players {
		cov := aufderhut.Cover(pl)
		seat := views.ADHSeatVM{Name: pl.Name, ToMove: i == pos.Turn, Characters: pl.Characters,
			Wonderhats: pl.Wonderhats, BaldHeads: pl.BaldHeads, WithHat: cov.WithHat}
		for _, ch := range pos.Collected(i) {
			seat.Collected = append(seat.Collected, adhName(c, pos, ch))
		}
		vm.Seats = append(vm.Seats, seat)
	}
	usable := func(n int) bool { return n >= 1 && n <= aufderhut.DisplaySize && pos.Display[n-1].Hat }
	spotArg := func(name string) int { n, _ := strconv.Atoi(c.QueryParam(name)); return n }
	switch c.QueryParam("do") {
	case "look":
		vm.Mode = views.ADHLook
	case "swap":
		vm.Mode = views.ADHSwap
		if a := spotArg("a"); usable(a) {
			vm.Mode, vm.Spot = views.ADHSwapTo, a
		}
	case "reveal":
		vm.Mode = views.ADHReveal
		if s := spotArg("spot"); usable(s) {
			vm.Mode, vm.Spot, vm.SpotName = views.ADHOutcome, s, adhName(c, pos, pos.Faces[s-1])
			if pos.Refills() {
				vm.MatchURL = playURL(url.Values{"do": {"reveal"}, "spot": {strconv.Itoa(s)}, "outcome": {"match"}})
				if c.QueryParam("outcome") == aufderhut.Match {
					vm.Mode = views.ADHLay
				}
			}
		}
	case "end":
		if vm.ThreeLeft {
			vm.Mode = views.ADHEnd
		}
	}
	if vm.Mode == views.ADHLay {
		// The character taken stays out of the pile, so the pile holds
		// what is not yet seen (ruling ADH-1: two of each).
		for _, ch := range pos.InPile() {
			vm.Lay = append(vm.Lay, views.ADHCharVM{N: ch, Name: adhName(c, pos, ch), Left: aufderhut.Copies - pos.Seen(ch)})
		}
	}
	for i, sp := range pos.Display {
		n := i + 1
		s := views.ADHSpotVM{N: n, Hat: sp.Hat, Chosen: n == vm.Spot && vm.Mode != views.ADHChoose}
		if sp.Character {
			s.Name = adhName(c, pos, pos.Faces[i])
		}
		if sp.Hat {
			switch vm.Mode {
			case views.ADHLook:
				s.Field = "look"
			case views.ADHSwap:
				s.Link = playURL(url.Values{"do": {"swap"}, "a": {strconv.Itoa(n)}})
			case views.ADHSwapTo:
				if n != vm.Spot {
					s.Field = "swap_b"
					s.SwapBack = pos.SwapsBack(vm.Spot, n)
				}
			case views.ADHReveal:
				s.Link = playURL(url.Values{"do": {"reveal"}, "spot": {strconv.Itoa(n)}})
			}
		}
		if s.SwapBack {
			vm.SwapBackSpot = n
			vm.SwapBackWho = pos.Players[(pos.Turn+len(pos.Players)-1)%len(pos.Players)].Name
		}
		vm.Spots = append(vm.Spots, s)
	}
	return vm, nil
}

// adhName is the table's name of character ch in the reader's language:
// a character the table did not name is "character 3" ("Figur 3").
func adhName(c echo.Context, pos aufderhut.Position, ch int) string {
	name := pos.Name(ch)
	if ch >= 1 && ch <= aufderhut.Kinds && name == aufderhut.DefaultNames()[ch-1] {
		return tr(c, "character %d", ch)
	}
	return name
}

// adhDescribe is aufderhut.Position.Describe in the reader's language:
// what step s did from pos, for the line under the turn's heading.
func adhDescribe(c echo.Context, pos aufderhut.Position, s aufderhut.Step) string {
	who := pos.ToMove()
	switch {
	case s.End:
		return tr(c, "The table ends the game")
	case s.Look != 0:
		return tr(c, "%s looks at the hat on spot %d", who, s.Look)
	case s.Swap != [2]int{}:
		return tr(c, "%s swaps the hats on spots %d and %d", who, s.Swap[0], s.Swap[1])
	}
	what := tr(c, "spot %d", s.Reveal)
	if pos.Tracked() && s.Reveal >= 1 && s.Reveal <= aufderhut.DisplaySize {
		what = tr(c, "spot %d (%s)", s.Reveal, adhName(c, pos, pos.Faces[s.Reveal-1]))
	}
	switch s.Outcome {
	case aufderhut.Match:
		if s.Laid != 0 {
			return tr(c, "%s reveals %s: a match, taken with its hat; %s is laid", who, what, adhName(c, pos, s.Laid))
		}
		return tr(c, "%s reveals %s: a match, taken with its hat", who, what)
	case aufderhut.Wonderhat:
		return tr(c, "%s reveals %s: a wonderhat", who, what)
	}
	return tr(c, "%s reveals %s: no match, a bald head", who, what)
}
