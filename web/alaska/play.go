package alaska

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/alaska"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// alaskaPlay is Alaska played along: the cards stay secret, the page
// follows the river (a ring of 10 tappable sections), the phases of each
// turn, the salmon caught and the draw pile.
type alaskaPlay struct{}

// alaskaStyles is the page's own stylesheet.
var alaskaStyles = []string{"css/play-alaska.css"}

func (alaskaPlay) SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = alaskaStyles
	catch := c.FormValue("angler_catch")
	if catch == "" {
		catch = alaska.SwimPast
		if alaskaTableOptions(t).OnContact() {
			catch = alaska.OnContact
		}
	}
	return AlaskaSetup(AlaskaSetupVM{
		Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c),
		Players: t.Players, First: kit.FirstPlayer(c, t, "first"), Dice: c.FormValue("dice") == "on", DrawPile: strings.TrimSpace(c.FormValue("draw_pile")),
		DefaultPile: alaska.DrawPile(len(t.Players)), Errors: errs,
		AnglerCatch: catch,
	})
}

// alaskaTableOptions reads the table's options (an imported table may
// carry angler_catch); anything unreadable is the default reading.
func alaskaTableOptions(t sessions.Table) alaska.Options {
	o, err := alaska.DecodeOptions(t.Options)
	if err != nil {
		return alaska.Options{}
	}
	return o
}

// setupJSON reads who starts, the draw pile (empty = a full deck), the
// dice variation and how anglers catch (ruling ALA-2's reading).
func (alaskaPlay) SetupJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	s := alaska.Setup{First: strings.TrimSpace(c.FormValue("first")), Dice: c.FormValue("dice") == "on"}
	switch v := c.FormValue("angler_catch"); v {
	case "", alaska.SwimPast:
	case alaska.OnContact:
		s.Options.AnglerCatch = alaska.OnContact
	default:
		return nil, kit.FormErrorf("angler_catch", "Choose how anglers catch salmon from the list, not %q.", v)
	}
	if v := strings.TrimSpace(c.FormValue("draw_pile")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, kit.FormErrorf("draw_pile", "Enter the number of cards in the draw pile, or leave it empty for a full deck.")
		}
		s.DrawPile = &n
	}
	return json.Marshal(s)
}

// stepJSON reads the button tapped: its value names the move ("cast:3+4",
// "salmon:4", "angler:tourist:7", "eagle:salmon:6", "bear_eat:Ben", ...).
// "cast:pair" is the open-water form's two cards, chosen in its fields
// pair_a and pair_b (ruling ALA-3).
func (alaskaPlay) StepJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	move := c.FormValue("move")
	if move == "cast:pair" {
		move = "cast:" + strings.TrimSpace(c.FormValue("pair_a")) + "+" + strings.TrimSpace(c.FormValue("pair_b"))
	}
	s, err := parseAlaskaMove(move)
	if err != nil {
		return nil, err
	}
	return alaska.StepJSON(s), nil
}

// keptCast is the open water's two cards as a page shows them, and
// whether it shows unfolded.
type keptCast struct {
	a, b int
	open bool
}

// akRefused is where a refused move was made, for the page drawn with
// the refusal to open that choice again with what was chosen (#38): the
// border a salmon was laid on (at), the section tapped for a cast, an
// angler or the eagle (sel), or the open water with its two cards.
func akRefused(sent url.Values) (at, sel int, kept keptCast) {
	kept = keptCast{a: 6, b: 5}
	move := sent.Get("move")
	if move == "cast:pair" {
		if a, err := strconv.Atoi(strings.TrimSpace(sent.Get("pair_a"))); err == nil {
			kept.a = a
		}
		if b, err := strconv.Atoi(strings.TrimSpace(sent.Get("pair_b"))); err == nil {
			kept.b = b
		}
		kept.open = true
		return 0, 0, kept
	}
	s, err := parseAlaskaMove(move)
	if err != nil {
		return 0, 0, kept
	}
	switch s.Do {
	case alaska.DoSalmon:
		at = s.At
	case alaska.DoCast:
		sum := 0
		for _, v := range s.Cards {
			sum += v
		}
		if sum >= 1 && sum <= alaska.Sections {
			sel = sum
		} else {
			kept.open = true
		}
	case alaska.DoAngler, alaska.DoEagle:
		sel = s.Section
	}
	return at, sel, kept
}

func parseAlaskaMove(move string) (alaska.Step, error) {
	kind, rest, _ := strings.Cut(strings.TrimSpace(move), ":")
	bad := kit.FormErrorf("move", "Choose a move: %q is not one.", move)
	num := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	switch alaska.Action(kind) {
	case alaska.DoSalmon:
		n, ok := num(rest)
		if !ok {
			return alaska.Step{}, bad
		}
		return alaska.Step{Do: alaska.DoSalmon, At: n}, nil
	case alaska.DoCast:
		var cards []int
		rest, roll, _ := strings.Cut(rest, ":")
		if roll != "" && roll != alaska.RollSalmon && roll != alaska.RollAngler {
			return alaska.Step{}, bad
		}
		for _, v := range strings.Split(rest, "+") {
			n, ok := num(v)
			if !ok {
				return alaska.Step{}, bad
			}
			cards = append(cards, n)
		}
		return alaska.Step{Do: alaska.DoCast, Cards: cards, Roll: roll}, nil
	case alaska.DoAngler:
		who, at, _ := strings.Cut(rest, ":")
		n, ok := num(at)
		if !ok {
			return alaska.Step{}, bad
		}
		return alaska.Step{Do: alaska.DoAngler, Angler: alaska.Angler(who), Section: n}, nil
	case alaska.DoEagle:
		if rest == "" {
			return alaska.Step{Do: alaska.DoEagle}, nil
		}
		what, at, _ := strings.Cut(rest, ":")
		n, ok := num(at)
		switch {
		case ok && what == "salmon":
			return alaska.Step{Do: alaska.DoEagle, Salmon: n}, nil
		case ok && what == "section":
			return alaska.Step{Do: alaska.DoEagle, Section: n}, nil
		}
		return alaska.Step{}, bad
	case alaska.DoBearEat:
		return alaska.Step{Do: alaska.DoBearEat, Player: rest}, nil
	case alaska.DoFlow, alaska.DoBear, alaska.DoEnd:
		if rest != "" {
			return alaska.Step{}, bad
		}
		return alaska.Step{Do: alaska.Action(kind)}, nil
	}
	return alaska.Step{}, bad
}

// LastMove names the newest move (kit.MoveNamer) as the engine told it to
// the table: the newest event of this turn, or of the turn just played.
// Its sentences keep their full stop (kit.MoveNamer).
func (alaskaPlay) LastMove(t sessions.Table) (scoring.Phrase, error) {
	pos, err := alaska.Engine{}.ResumeOf(t.Play.Log())
	if err != nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}, err
	}
	es := pos.Events
	if len(es) == 0 {
		es = pos.Before
	}
	if len(es) == 0 {
		return scoring.Phrase{}, nil
	}
	return akTold(es[len(es)-1]), nil
}

func (alaskaPlay) TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error) {
	pos, err := alaska.Engine{}.ResumeOf(t.Play.Log())
	if err != nil {
		return nil, fmt.Errorf("resume guided game: %w", err)
	}
	at, _ := strconv.Atoi(c.QueryParam("at"))
	sel, _ := strconv.Atoi(c.QueryParam("sec"))
	kept := keptCast{a: 6, b: 5}
	if sent := kit.Refused(c, t); sent != nil && at == 0 && sel == 0 {
		at, sel, kept = akRefused(sent)
	}
	vm := alaskaVM(c, pos, kit.EditBase(c), at, sel)
	vm.PairA, vm.PairB, vm.OpenWater = kept.a, kept.b, kept.open
	vm.Page, vm.Form, vm.TableName = kit.Page(c, scoring.Verbatim(t.Name)), kit.Form(c, t.Head), t.Name
	vm.Page.Styles = alaskaStyles
	vm.Flash, vm.FlashKind = flash, "bad"
	vm.UndoLabel = undo
	return AlaskaPlay(vm), nil
}

// alaskaVM describes the position in the reader's language: what is
// public and, for the section or salmon border tapped, what each move
// would do. Only the moves the engine lists are offered
// (alaska.Position.Moves).
func alaskaVM(c echo.Context, pos alaska.Position, base string, at, sel int) AlaskaPlayVM {
	me := pos.Players[pos.Current()]
	moves := pos.Moves()
	vm := AlaskaPlayVM{Base: base, Turn: pos.Turn, Steps: pos.Steps, DrawPile: pos.DrawPile, LastRound: pos.LastRound, TurnsLeft: pos.TurnsLeft,
		Current: me.Name, Right: pos.Players[pos.Right()].Name, Phase: string(pos.Phase), Hand: me.Hand, OnContact: pos.Options.OnContact()}
	current := map[alaska.Phase]int{alaska.PhaseSalmon: 0, alaska.PhaseFlow: 1, alaska.PhasePlay: 2, alaska.PhaseSitOut: 3}[pos.Phase]
	for i, l := range []scoring.Phrase{scoring.Phrasef("Salmon fall in"), scoring.Phrasef("Flow"), scoring.Phrasef("Cast & play"), scoring.Phrasef("Draw")} {
		vm.Stepper = append(vm.Stepper, AlaskaPhaseVM{Label: l, Done: i < current, Current: i == current})
	}
	try := func(s alaska.Step) bool { return slices.ContainsFunc(moves, s.Equal) }
	playing := slices.ContainsFunc(moves, func(m alaska.Step) bool { return m.Do != alaska.DoEnd })
	placing := slices.ContainsFunc(moves, func(m alaska.Step) bool { return m.Do == alaska.DoSalmon })
	if !playing || sel < 1 || sel > alaska.Sections {
		sel = 0
	}
	if !placing || at < 1 || at > alaska.Sections {
		at = 0
	}
	for s := 1; s <= alaska.Sections; s++ {
		sv := AlaskaSectionVM{N: s, Angler: string(pos.River.AnglerOn(s)), AnglerBy: pos.PlacedBy[s-1],
			Hit: pos.Hit == s, Sel: sel == s, Label: sectionLabel(pos, s), Shared: pos.River.Shared(s)}
		vm.Shared = vm.Shared || sv.Shared
		if playing {
			sv.Href = fmt.Sprintf("%s/play?sec=%d#act", base, s)
		}
		vm.Sections = append(vm.Sections, sv)
		lo, hi := alaska.Covers(s)
		b := AlaskaBorderVM{N: s, Count: pos.River.SalmonAt(s), Sel: at == s}
		b.Label = scoring.Count(b.Count, "1 salmon on %d–%d", "%d salmon on %d–%d", lo, hi)
		if try(alaska.Step{Do: alaska.DoSalmon, At: s}) {
			b.Href = fmt.Sprintf("%s/play?at=%d#act", base, s)
			b.Label = scoring.Count(b.Count, "Lay the salmon across %d and %d (1 salmon there now)", "Lay the salmon across %[2]d and %[3]d (%[1]d salmon there now)", lo, hi)
		}
		vm.Borders = append(vm.Borders, b)
	}
	for i, s := range pos.Players {
		vm.Seats = append(vm.Seats, AlaskaSeatVM{Name: s.Name, Salmon: s.Salmon, Hand: s.Hand, ToMove: i == pos.Current(), SitOut: s.SitsOut})
	}
	switch {
	case len(pos.Events) > 0:
		vm.EventsTitle, vm.Events = scoring.Phrasef("This turn"), eventTexts(pos.Events)
	case len(pos.Before) > 0:
		vm.EventsTitle, vm.Events = scoring.Phrasef("%s's turn, just played", vm.Right), eventTexts(pos.Before)
	default:
		vm.EventsTitle = scoring.Phrasef("First turn")
	}
	for _, m := range moves {
		if m.Do == alaska.DoBearEat {
			vm.Eaters = append(vm.Eaters, m.Player)
		}
	}
	if at > 0 {
		lo, hi := alaska.Covers(at)
		vm.At, vm.AtText = at, scoring.Phrasef("%s lays %s's salmon across sections %d and %d.", vm.Right, me.Name, lo, hi)
	}
	if sel > 0 {
		vm.Sel = sel
		_, e, _ := alaska.Cast(pos.River, sel, me.Salmon, me.Name)
		// The event names who casts (#38: one person form), so a name
		// starts it and keeps its capital.
		told := akTold(e)
		vm.SelText = scoring.Phrasef("A cast into %d: %s", sel, told)
		casts := func(roll string) []AlaskaMoveVM {
			var out []AlaskaMoveVM
			for a := 0; a <= sel/2; a++ {
				cards, label := []int{sel}, scoring.Verbatim(strconv.Itoa(sel))
				if a > 0 {
					cards, label = []int{a, sel - a}, scoring.Verbatim(fmt.Sprintf("%d + %d", a, sel-a))
				}
				if try(alaska.Step{Do: alaska.DoCast, Cards: cards, Roll: roll}) {
					m := AlaskaMoveVM{Label: label, Move: "cast:" + joinInts(cards, "+"), TestID: "cast-" + joinInts(cards, "-")}
					if roll != "" {
						m.Move, m.TestID = m.Move+":"+roll, m.TestID+"-"+roll
					}
					out = append(out, m)
				}
			}
			return out
		}
		if pos.Dice && pos.River.AnglerOn(sel) != alaska.NoAngler && len(pos.River.SalmonOn(sel)) > 0 {
			vm.SelText = scoring.Phrasef("%s With the dice variation, roll the die first:", vm.SelText)
			if cs := casts(alaska.RollSalmon); len(cs) > 0 {
				hook := scoring.Phrasef("Anything else: you hook the tourist")
				if pos.River.AnglerOn(sel) == alaska.Local {
					hook = scoring.Phrasef("Anything else: you hook the local")
				}
				vm.Rolls = append(vm.Rolls, AlaskaRollVM{Title: scoring.Phrasef("The die shows the salmon: you catch it"), Casts: cs},
					AlaskaRollVM{Title: hook, Casts: casts(alaska.RollAngler)})
			}
		} else {
			vm.Casts = casts("")
		}
		if len(vm.Casts) == 0 && len(vm.Rolls) == 0 {
			vm.SelText = scoring.Phrasef("%s (%s has no card left to cast.)", vm.SelText, me.Name)
		}
		for _, a := range []alaska.Angler{alaska.Tourist, alaska.Local} {
			if try(alaska.Step{Do: alaska.DoAngler, Angler: a, Section: sel}) {
				label := scoring.Phrasef("Place a tourist here")
				switch {
				case a == alaska.Local:
					label = scoring.Phrasef("Place a local here")
				case pos.River.AnglerOn(sel) == alaska.Local:
					label = scoring.Phrasef("Place a tourist: it chases the local away (both leave)")
				}
				vm.SelMoves = append(vm.SelMoves, AlaskaMoveVM{Label: label, Move: fmt.Sprintf("angler:%s:%d", a, sel), TestID: "angler-" + string(a)})
			}
		}
		if a := pos.River.AnglerOn(sel); a != alaska.NoAngler && try(alaska.Step{Do: alaska.DoEagle, Section: sel}) {
			label := scoring.Phrasef("Eagle: chase the tourist away")
			if a == alaska.Local {
				label = scoring.Phrasef("Eagle: chase the local away")
			}
			vm.SelMoves = append(vm.SelMoves, AlaskaMoveVM{Label: label, Move: fmt.Sprintf("eagle:section:%d", sel), TestID: "eagle-chase"})
		}
		seen := map[int]bool{}
		for _, n := range pos.River.SalmonOn(sel) {
			if !seen[n] && try(alaska.Step{Do: alaska.DoEagle, Salmon: n}) {
				seen[n] = true
				lo, hi := alaska.Covers(n)
				vm.SelMoves = append(vm.SelMoves, AlaskaMoveVM{Label: scoring.Phrasef("Eagle: take the salmon on %d–%d", lo, hi), Move: fmt.Sprintf("eagle:salmon:%d", n), TestID: fmt.Sprintf("eagle-salmon-%d", n)})
			}
		}
	}
	if playing && pos.Phase != alaska.PhasePlay && try(alaska.Step{Do: alaska.DoFlow}) {
		vm.Moves = append(vm.Moves, AlaskaMoveVM{Label: scoring.Phrasef("Play a flow card: every salmon moves one section"), Move: "flow", TestID: "flow"})
	}
	if playing && try(alaska.Step{Do: alaska.DoBear}) {
		vm.Moves = append(vm.Moves, AlaskaMoveVM{Label: scoring.Phrasef("Play the bear: all anglers leave the river"), Move: "bear", TestID: "bear"})
	}
	if playing && try(alaska.Step{Do: alaska.DoEagle}) {
		vm.Moves = append(vm.Moves, AlaskaMoveVM{Label: scoring.Phrasef("Play the eagle (nothing to take)"), Move: "eagle", TestID: "eagle-empty"})
	}
	// Ruling ALA-3: any number card can be cast; a value naming no
	// section (0, or above 10) lands in open water. Offered as the engine
	// takes them: single cards 0 and 11–13, and any two cards.
	if playing {
		for _, v := range []int{0, 11, 12, 13} {
			if try(alaska.Step{Do: alaska.DoCast, Cards: []int{v}}) {
				vm.OpenCasts = append(vm.OpenCasts, AlaskaMoveVM{Label: scoring.Verbatim(strconv.Itoa(v)), Move: "cast:" + strconv.Itoa(v), TestID: "open-" + strconv.Itoa(v)})
			}
		}
		vm.OpenPair = try(alaska.Step{Do: alaska.DoCast, Cards: []int{alaska.MaxCard, alaska.MaxCard}})
		for v := 0; v <= alaska.MaxCard && vm.OpenPair; v++ {
			vm.PairCards = append(vm.PairCards, v)
		}
	}
	vm.Moves = append(vm.Moves, AlaskaMoveVM{Label: endLabel(pos), Move: "end", TestID: "end-turn", Primary: true})
	return vm
}

// sectionLabel is a section's accessible name: "Section 7: 1 salmon,
// tourist placed by Ana".
func sectionLabel(pos alaska.Position, s int) scoring.Phrase {
	var parts []scoring.Phrase
	if n := len(pos.River.SalmonOn(s)); n > 0 {
		parts = append(parts, scoring.Count(n, "1 salmon", "%d salmon"))
	}
	by := pos.PlacedBy[s-1]
	switch a := pos.River.AnglerOn(s); {
	case a == alaska.Tourist && by != "":
		parts = append(parts, scoring.Phrasef("tourist placed by %s", by))
	case a == alaska.Tourist:
		parts = append(parts, scoring.Phrasef("tourist"))
	case a == alaska.Local && by != "":
		parts = append(parts, scoring.Phrasef("local placed by %s", by))
	case a == alaska.Local:
		parts = append(parts, scoring.Phrasef("local"))
	}
	if pos.River.Shared(s) {
		// Ruling ALA-2: the salmon lies beside the angler until a flow
		// carries it off this section (on_contact: the next flow).
		if pos.Options.OnContact() {
			parts = append(parts, scoring.Phrasef("the next flow gives the salmon to the angler"))
		} else {
			parts = append(parts, scoring.Phrasef("the salmon lies beside the angler until a flow carries it off this section (rule ALA-2)"))
		}
	}
	if len(parts) == 0 {
		parts = []scoring.Phrase{scoring.Phrasef("empty")}
	}
	label := scoring.Phrasef("Section %d: %s", s, scoring.List{Sep: ", ", Items: parts})
	if pos.Hit == s {
		label = scoring.Phrasef("%s (last cast)", label)
	}
	return label
}

func endLabel(pos alaska.Position) scoring.Phrase {
	me := pos.Players[pos.Current()]
	d := pos.Draws()
	switch {
	case pos.Phase == alaska.PhaseSitOut && d > 0:
		return scoring.Count(d, "Draw 1 card and pass", "Draw %d cards and pass")
	case pos.Phase == alaska.PhaseSitOut:
		return scoring.Phrasef("Pass")
	case pos.LastRound && me.Hand > 0:
		return scoring.Count(me.Hand, "End the final turn (play the last 1 card first)", "End the final turn (play the last %d cards first)")
	case pos.LastRound:
		return scoring.Phrasef("End the final turn")
	case me.Hand > 1:
		return scoring.Count(me.Hand-1, "End the turn (play 1 more card first: keep at most 1)", "End the turn (play %d more cards first: keep at most 1)")
	case d == 0:
		return scoring.Phrasef("End the turn")
	}
	return scoring.Count(d, "End the turn: draw 1 card", "End the turn: draw %d cards")
}

// eventTexts tells a turn's moves, said in the reader's language when
// the page is rendered.
func eventTexts(es []alaska.Event) []scoring.Phrase {
	out := make([]scoring.Phrase, len(es))
	for i, e := range es {
		out[i] = akTold(e)
	}
	return out
}

// akTold is an event's text as its sentences (the engine's Text is the
// English of them).
func akTold(e alaska.Event) scoring.Phrase {
	switch len(e.Lines) {
	case 0:
		return scoring.Verbatim(e.Text)
	case 1:
		return e.Lines[0]
	}
	return scoring.Phrasef("%s", scoring.List{Sep: " ", Items: e.Lines})
}

func joinInts(ns []int, sep string) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, sep)
}
