package cambio

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
	"tablemate/scoring/cambio"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// cambioPlay is Cambio played along: the cards stay secret; the app keeps
// the dealer, the turns, the Cambio call and its last turns and the
// penalty cards, and scores each round from the cards turned over with
// the round editor's card pad.
type cambioPlay struct{}

func (cambioPlay) SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	opts := cambioTableOptions(t)
	tie := scoring.Phrasef("Cambio: a caller tied for the fewest points counts as fewest (−5); otherwise the caller gets −5 with the fewest points, +5 without (rule CAM-2).")
	if opts.Tie() == cambio.TiePenalty {
		tie = scoring.Phrasef("Cambio: a caller tied for the fewest points gets +5; otherwise the caller gets −5 with the fewest points, +5 without (rule CAM-2).")
	}
	vm := PlaySetup(c, t, errs, "Cambio", "dealer", scoring.Phrasef("Who deals first?"))
	vm.Intro = scoring.Phrasef("Your cards stay secret. Tablemate keeps the dealer, whose turn it is, the Cambio call with everyone's last turn, and penalty cards; after each round you enter the cards turned over.")
	vm.Rules = []scoring.Phrase{
		scoring.Phrasef("The game ends after the round in which someone reaches %d points; the fewest points win (rule CAM-2).", opts.Limit()),
		tie,
	}
	return PlayAlongSetup(vm)
}

// PlaySetup fills what the Cambio and Kodiak set-up pages share: the
// seat that starts (as posted, else the first) and whether a game entered
// round by round is in the way.
func PlaySetup(c echo.Context, t sessions.Table, errs views.Errors, game, field string, question scoring.Phrase) PlaySetupVM {
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = []string{Stylesheet}
	vm := PlaySetupVM{Page: p, Form: kit.Form(c, t.Head), Game: game, TableName: t.Name, Base: kit.EditBase(c),
		Question: question, Field: field, Players: t.Players, Errors: errs, Blocked: RoundGameInProgress(t)}
	// The table's chosen first player deals (or is Kodiak) first unless
	// the form says otherwise.
	vm.Chosen = max(0, slices.Index(t.Players, t.First))
	if v := c.FormValue(field); v != "" {
		vm.Chosen, _ = strconv.Atoi(v)
	}
	return vm
}

// RoundGameInProgress says why a guided game cannot start while a game is
// being entered round by round: its final state would land after that
// game and leave it unfinished. The zero phrase when nothing is in the
// way.
func RoundGameInProgress(t sessions.Table) scoring.Phrase {
	g, ok := t.Current()
	if !ok {
		return scoring.Phrase{}
	}
	rounds := 0
	for _, p := range g.Result().Players {
		rounds = max(rounds, len(p.Rounds))
	}
	return scoring.Phrasef("Game %d is being entered round by round (%s so far). Finish it with “Enter round %d” on the table page, or undo its rounds, before playing a game along.",
		g.Number, scoring.Count(rounds, "1 round", "%d rounds"), rounds+1)
}

// SeatField reads a chosen seat (0-based) from the form; ok is false
// when it is not one of the table's.
func SeatField(c echo.Context, t sessions.Table, field string) (seat int, ok bool) {
	seat, err := strconv.Atoi(strings.TrimSpace(c.FormValue(field)))
	return seat, err == nil && seat >= 0 && seat < len(t.Players)
}

func (cambioPlay) SetupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	if msg := RoundGameInProgress(t); !msg.IsZero() {
		return nil, scoring.Errorf("setup", "%s", msg)
	}
	seat, ok := SeatField(c, t, "dealer")
	if !ok {
		return nil, kit.FormErrorf("dealer", "Choose who deals first.")
	}
	return cambio.SetupJSON(cambio.Setup{Dealer: seat, Options: cambioTableOptions(t), Players: t.Players}), nil
}

// cambioTableOptions reads the table's options as the engine reads them
// (cambio.DecodeOptions); unreadable options are the rule text's game.
func cambioTableOptions(t sessions.Table) cambio.Options {
	o, err := cambio.DecodeOptions(t.Options)
	if err != nil {
		o, _ = cambio.DecodeOptions(nil)
	}
	return o
}

// StepAction reads the "do" button of a turn page: "done:1", "cambio:1",
// "out:2", "penalty:0:-1", "pounce:1", "hairball:2:1" or "score". Seats
// and deltas are whole numbers; the engine judges them.
func StepAction(c echo.Context) (action string, nums []int, err error) {
	parts := strings.Split(strings.TrimSpace(c.FormValue("do")), ":")
	for _, p := range parts[1:] {
		n, err := strconv.Atoi(p)
		if err != nil {
			return "", nil, kit.FormErrorf("do", "%q is not a move; use the buttons of the page", c.FormValue("do"))
		}
		nums = append(nums, n)
	}
	return parts[0], nums, nil
}

// ScoreStep wraps a round built by a round editor's parser as a score step.
func ScoreStep(round json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(map[string]json.RawMessage{"score": round})
	return b
}

func (cambioPlay) StepJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	action, nums, err := StepAction(c)
	if err != nil {
		return nil, err
	}
	var s cambio.Step
	switch {
	case action == "score":
		pos, err := cambio.Engine{}.ResumeOf(t.Play.Log())
		if err != nil {
			return nil, fmt.Errorf("resume guided Cambio: %w", err)
		}
		values, _ := c.FormParams()
		round, _, err := parseCambioRound(values, pos.Players)
		if err != nil {
			return nil, err
		}
		return ScoreStep(round), nil
	case (action == "done" || action == "cambio" || action == "out") && len(nums) == 1:
		s = cambio.Step{Action: cambio.Action(action), Seat: nums[0]}
	case action == "penalty" && len(nums) == 2:
		s = cambio.Step{Action: cambio.ActPenalty, Seat: nums[0], Delta: nums[1]}
	default:
		return nil, kit.FormErrorf("do", "%q is not a move of Cambio; use the buttons of the page", c.FormValue("do"))
	}
	return cambio.StepJSON(s), nil
}

// LastMove names the newest move (kit.MoveNamer): "Ben called Cambio".
func (cambioPlay) LastMove(t sessions.Table) (scoring.Phrase, error) {
	before, _, last, _, err := cambio.Engine{}.LastOf(t.Play.Log())
	if err != nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}, err
	}
	return cambioMoveText(before, last), nil
}

// cambioMoveText names step last, played on before, in the reader's
// language: "Ben finished a turn", "Ben called Cambio", "round 2 scored".
func cambioMoveText(before cambio.Position, last cambio.Step) scoring.Phrase {
	name := func(seat int) string {
		if seat >= 0 && seat < len(before.Players) {
			return before.Players[seat]
		}
		return "?"
	}
	switch last.Action {
	case cambio.ActDone:
		return scoring.Phrasef("%s finished a turn", name(last.Seat))
	case cambio.ActCambio:
		return scoring.Phrasef("%s called Cambio", name(last.Seat))
	case cambio.ActOut:
		return scoring.Phrasef("%s had no cards left", name(last.Seat))
	case cambio.ActPenalty:
		if last.Delta < 0 {
			return scoring.Phrasef("a penalty card of %s taken back", name(last.Seat))
		}
		return scoring.Phrasef("%s drew a penalty card", name(last.Seat))
	case cambio.ActScore:
		return scoring.Phrasef("round %d scored", before.Round())
	}
	return scoring.Phrase{}
}

func (cambioPlay) TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error) {
	before, pos, last, _, err := cambio.Engine{}.LastOf(t.Play.Log())
	if err != nil {
		return nil, fmt.Errorf("resume guided Cambio: %w", err)
	}
	names := pos.Players // the game's, fixed at its start
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = []string{Stylesheet}
	p.Flash, p.FlashKind = flash, "bad"
	res := pos.Result()
	vm := CambioPlayVM{
		Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c),
		Round: pos.Round(), Target: pos.Options.Limit(), Dealer: names[pos.Dealer()],
		FirstLook: pos.Phase == cambio.Playing && pos.TurnsTaken == 0 && pos.Caller == cambio.NoCaller,
		Current:   pos.ToMove(), CurrentSeat: pos.Turn,
		Totals:    TotalsOf(res, cambioNote(pos.Final())),
		UndoLabel: undo,
	}
	if len(t.Play.Steps) > 0 {
		vm.LastMove = cambioMoveText(before, last)
	}
	if pos.Caller != cambio.NoCaller {
		vm.Caller = names[pos.Caller]
		for _, s := range pos.LastTurnSeats() {
			vm.LastTurns = append(vm.LastTurns, names[s])
		}
	}
	moves := pos.Moves()
	for i, name := range names {
		seat := PlaySeatVM{Index: i, Name: name, ToMove: i == pos.Current(), Count: pos.Penalties[i],
			Less: slices.Contains(moves, cambio.Step{Action: cambio.ActPenalty, Seat: i, Delta: -1}),
			More: slices.Contains(moves, cambio.Step{Action: cambio.ActPenalty, Seat: i, Delta: 1})}
		if i == pos.Dealer() {
			seat.Badge = scoring.Phrasef("dealer")
		}
		vm.Seats = append(vm.Seats, seat)
		// Only who the engine lists as able to run out is offered: after
		// the call the caller's cards are frozen (ruling CAM-3).
		if slices.Contains(moves, cambio.Step{Action: cambio.ActOut, Seat: i}) {
			vm.OutSeats = append(vm.OutSeats, seat)
		}
	}
	if pos.Caller != cambio.NoCaller && pos.Phase == cambio.Playing {
		vm.Frozen = scoring.Phrasef("%s's cards are frozen: nobody may discard them, so %s cannot run out of cards this round (rule CAM-3).", names[pos.Caller], names[pos.Caller])
	}
	if pos.Phase == cambio.Scoring {
		e := PlayEntry(c, t, names, cambioRound)
		// How the round ended is known from play (ruling CAM-3).
		e.Round.Chosen = "out:" + strconv.Itoa(pos.OutSeat)
		if pos.Caller != cambio.NoCaller {
			e.Round.Chosen = "cambio:" + strconv.Itoa(pos.Caller)
		}
		e.Closed = cambioClosed(pos, names)
		e.Round.Players = RoundPlayers(kit.Entry{Ctx: c.Request().Context(), Names: names, Values: e.Values}, func(tok string) (scoring.Phrase, int, error) {
			card, err := cambio.ParseCard(tok)
			return CardTitle(card), card.Value(), err
		}, nil)
		for i := range names {
			e.Hints = append(e.Hints, cambioHint(pos, i))
			e.Nothing = append(e.Nothing, i == pos.OutSeat)
		}
		vm.Entry = &e.PlayEntryVM
		vm.Page.Scripts = append(vm.Page.Scripts, Script)
	}
	return CambioPlay(vm), nil
}

// PlayEntryState is a round's scoring form being built: the view model and
// the values it shows (as posted when a post was refused).
type PlayEntryState struct {
	PlayEntryVM
	Values url.Values // the form's values as posted (empty on a first view)
}

// PlayEntry starts the scoring form of a closed round from the game's
// round editor, f. A refused post shows what was typed, with the error
// next to its field.
func PlayEntry(c echo.Context, t sessions.Table, names []string, f RoundForm) PlayEntryState {
	values := url.Values{}
	errs := views.Errors{}
	if c.Request().Method == "POST" && c.FormValue("do") == "score" {
		values, _ = c.FormParams()
		if _, _, err := f.Parse(values, names); err != nil {
			if in, ok := err.(*scoring.InputError); ok {
				errs[in.Field] = in.Phrase
			}
		}
	}
	e := kit.Entry{Page: kit.Page(c, scoring.Verbatim(t.Name)), Form: kit.Form(c, t.Head), Ctx: c.Request().Context(), Names: names, Values: values, Errors: errs}
	return PlayEntryState{PlayEntryVM: PlayEntryVM{Round: RoundVM(e, f, 0)}, Values: values}
}

// cambioClosed says why the round closed.
func cambioClosed(pos cambio.Position, names []string) scoring.Phrase {
	if pos.OutSeat >= 0 {
		return scoring.Phrasef("Round %d is over: %s has no cards left", pos.Round(), names[pos.OutSeat])
	}
	return scoring.Phrasef("Round %d is over: %s called Cambio and everyone else had one more turn", pos.Round(), names[pos.Caller])
}

// cambioHint is how many cards a player should turn over, honestly: the
// 4 dealt and the penalty cards; discards and gifts change it.
func cambioHint(pos cambio.Position, seat int) scoring.Phrase {
	if seat == pos.OutSeat {
		return scoring.Phrasef("No cards left: this ended the round, so nothing to enter.")
	}
	if seat == pos.Caller {
		return scoring.Phrasef("Called Cambio: these cards were frozen, so enter every card turned over (at least one, rule CAM-3).")
	}
	n := pos.Penalties[seat]
	if n == 0 {
		return scoring.Phrasef("Dealt %d cards: enter every card turned over (fewer after discards, more if given cards).", cambio.Dealt)
	}
	return scoring.Phrasef("Dealt %d + %s = %d cards, unless some were discarded or given.", cambio.Dealt, scoring.Count(n, "1 penalty card", "%d penalty cards"), pos.ExpectedCards(seat))
}

// cambioNote says who is closest to the end, as the engine reckons it
// (cambio.Closest): "Ana is 11 points from 50".
func cambioNote(s cambio.State) scoring.Phrase {
	who, gap := cambio.Closest(s)
	target := s.Options.Limit()
	if len(who) == 0 {
		return scoring.Phrasef("The game ends after the round in which someone reaches %d points.", target)
	}
	if len(who) > 1 {
		return scoring.Count(gap, "%[1]s are 1 point from %[2]d: the game ends after the round in which someone reaches it; the fewest points win.",
			"%[2]s are %[1]d points from %[3]d: the game ends after the round in which someone reaches it; the fewest points win.", who, target)
	}
	return scoring.Count(gap, "%[1]s is 1 point from %[2]d: the game ends after the round in which someone reaches it; the fewest points win.",
		"%[2]s is %[1]d points from %[3]d: the game ends after the round in which someone reaches it; the fewest points win.", who[0], target)
}

// TotalsOf lays out the finished rounds of a guided game.
func TotalsOf(res scoring.Result, note scoring.Phrase) PlayTotalsVM {
	vm := PlayTotalsVM{Note: note}
	rounds := 0
	for _, p := range res.Players {
		vm.Players = append(vm.Players, p.Name)
		vm.Totals = append(vm.Totals, p.Total)
		rounds = max(rounds, len(p.Rounds))
	}
	for j := range rounds {
		row := make([]int, len(res.Players))
		for i, p := range res.Players {
			if j < len(p.Rounds) {
				row[i] = p.Rounds[j]
			}
		}
		vm.Rows = append(vm.Rows, row)
	}
	return vm
}
