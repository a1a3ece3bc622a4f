package kodiak

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/kodiak"
	"tablemate/sessions"
	"tablemate/views"
	cambioweb "tablemate/web/cambio"
	"tablemate/web/kit"
)

// kodiakPlay is Kodiak played along: the cards stay secret; the app keeps
// who is Kodiak, the turns, Kodiak's pounces and the hairballs discarded,
// and scores each round from the cards turned over.
type kodiakPlay struct{}

func (kodiakPlay) SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	vm := cambioweb.PlaySetup(c, t, errs, "Kodiak", "kodiak", scoring.Phrasef("Who is Kodiak first?"))
	vm.Intro = scoring.Phrasef("Your cards stay secret. Tablemate keeps who is Kodiak, whose turn it is, Kodiak's pounces and the hairballs discarded; after each round you enter the cards turned over.")
	cycles := optionCycles(t.Options)
	n := max(len(t.Players), 1)
	vm.Rules = []scoring.Phrase{
		scoring.Phrasef("Kodiak passes to the left each round; the game ends when everyone was Kodiak %s: %s (rule KOD-1).",
			scoring.Count(cycles, "1 time", "%d times"), scoring.Count(kodiak.Options{Cycles: cycles}.GameRounds(n), "1 round", "%d rounds")),
		scoring.Phrasef("Round points: cards left + %d per hairball held + %d per hairball discarded by accident; Kodiak −%d per pounce, at most %d (rules KOD-1, KOD-2). Fewest points win.",
			kodiak.KeptPoints, kodiak.DiscardedPoints, -kodiak.PouncePoints, kodiak.MaxPounces),
	}
	return cambioweb.PlayAlongSetup(vm)
}

func (kodiakPlay) SetupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	if msg := cambioweb.RoundGameInProgress(t); !msg.IsZero() {
		return nil, scoring.Errorf("setup", "%s", msg)
	}
	seat, ok := cambioweb.SeatField(c, t, "kodiak")
	if !ok {
		return nil, kit.FormErrorf("kodiak", "Choose who is Kodiak first.")
	}
	return kodiak.SetupJSON(kodiak.Setup{Kodiak: seat, Options: kodiak.Options{Cycles: optionCycles(t.Options)}, Players: t.Players}), nil
}

func (kodiakPlay) StepJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	action, nums, err := cambioweb.StepAction(c)
	if err != nil {
		return nil, err
	}
	var s kodiak.Step
	switch {
	case action == "score":
		pos, err := kodiak.Engine{}.ResumeOf(t.Play.Log())
		if err != nil {
			return nil, fmt.Errorf("resume guided Kodiak: %w", err)
		}
		values, _ := c.FormParams()
		round, _, err := parseKodiakRound(values, pos.Players)
		if err != nil {
			return nil, err
		}
		return cambioweb.ScoreStep(round), nil
	case (action == "done" || action == "out") && len(nums) == 1:
		s = kodiak.Step{Action: kodiak.Action(action), Seat: nums[0]}
	case action == "pounce" && len(nums) == 1:
		s = kodiak.Step{Action: kodiak.ActPounce, Delta: nums[0]}
	case action == "hairball" && len(nums) == 2:
		s = kodiak.Step{Action: kodiak.ActHairball, Seat: nums[0], Delta: nums[1]}
	default:
		return nil, kit.FormErrorf("do", "%q is not a move of Kodiak; use the buttons of the page", c.FormValue("do"))
	}
	return kodiak.StepJSON(s), nil
}

// LastMove names the newest move (kit.MoveNamer): "Ben pounced (1 of 3)".
func (kodiakPlay) LastMove(t sessions.Table) (scoring.Phrase, error) {
	before, pos, last, _, err := kodiak.Engine{}.LastOf(t.Play.Log())
	if err != nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}, err
	}
	return kodiakMoveText(before, pos, last), nil
}

// kodiakMoveText names step last, played on before and leading to pos, in
// the reader's language: "Ben finished a turn", "Ben (Kodiak) pounced: 2
// of 3", "Cy discarded a hairball", "round 2 scored".
func kodiakMoveText(before, pos kodiak.Position, last kodiak.Step) scoring.Phrase {
	name := func(seat int) string {
		if seat >= 0 && seat < len(before.Players) {
			return before.Players[seat]
		}
		return "?"
	}
	switch last.Action {
	case kodiak.ActDone:
		return scoring.Phrasef("%s finished a turn", name(last.Seat))
	case kodiak.ActOut:
		return scoring.Phrasef("%s had no cards left", name(last.Seat))
	case kodiak.ActPounce:
		if last.Delta < 0 {
			return scoring.Phrasef("a pounce of %s (Kodiak) taken back", name(before.Kodiak()))
		}
		return scoring.Phrasef("%s (Kodiak) pounced: %d of %d", name(before.Kodiak()), pos.Pounces, kodiak.MaxPounces)
	case kodiak.ActHairball:
		if last.Delta < 0 {
			return scoring.Phrasef("a hairball of %s taken back", name(last.Seat))
		}
		return scoring.Phrasef("%s discarded a hairball", name(last.Seat))
	case kodiak.ActScore:
		return scoring.Phrasef("round %d scored", before.Round())
	}
	return scoring.Phrase{}
}

func (kodiakPlay) TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error) {
	before, pos, last, _, err := kodiak.Engine{}.LastOf(t.Play.Log())
	if err != nil {
		return nil, fmt.Errorf("resume guided Kodiak: %w", err)
	}
	names := pos.Players // the game's, fixed at its start
	moves := pos.Moves()
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = []string{cambioweb.Stylesheet}
	p.Flash, p.FlashKind = flash, "bad"
	res := pos.Result()
	vm := KodiakPlayVM{
		Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c),
		Round: pos.Round(), Rounds: pos.GameRounds(), Kodiak: names[pos.Kodiak()], KodiakSeat: pos.Kodiak(),
		FirstLook: pos.Phase == kodiak.Playing && pos.TurnsTaken == 0 && pos.Pounces == 0,
		Current:   pos.ToMove(), CurrentSeat: pos.Turn, Pounces: pos.Pounces, MaxPounce: kodiak.MaxPounces,
		PounceLess: slices.Contains(moves, kodiak.Step{Action: kodiak.ActPounce, Delta: -1}),
		PounceMore: slices.Contains(moves, kodiak.Step{Action: kodiak.ActPounce, Delta: 1}),
		Totals:     cambioweb.TotalsOf(res, kodiakNote(pos)),
		UndoLabel:  undo,
	}
	if len(t.Play.Steps) > 0 {
		vm.LastMove = kodiakMoveText(before, pos, last)
	}
	for i, name := range names {
		seat := cambioweb.PlaySeatVM{Index: i, Name: name, ToMove: i == pos.Current(), Count: pos.Hairballs[i],
			Less: slices.Contains(moves, kodiak.Step{Action: kodiak.ActHairball, Seat: i, Delta: -1}),
			More: slices.Contains(moves, kodiak.Step{Action: kodiak.ActHairball, Seat: i, Delta: 1})}
		if i == pos.Kodiak() {
			seat.Badge = scoring.Verbatim("Kodiak")
		}
		vm.Seats = append(vm.Seats, seat)
	}
	if pos.Phase == kodiak.Scoring {
		e := cambioweb.PlayEntry(c, t, names, kodiakRound)
		// The counters played go with the round as they are; only the
		// hairballs still held are entered now.
		values := url.Values{}
		for k, v := range e.Values {
			values[k] = v
		}
		// The score step the engine lists carries them (Moves).
		for i, rp := range moves[0].Round.Players {
			values.Set(views.PField(i, "pounces"), strconv.Itoa(rp.Pounces))
			values.Set(views.PField(i, "hairballs_discarded"), strconv.Itoa(rp.HairballsDiscarded))
			if values.Get(views.PField(i, "hairballs_kept")) == "" {
				values.Set(views.PField(i, "hairballs_kept"), "0")
			}
			e.Hints = append(e.Hints, kodiakHint(pos, i))
			e.Nothing = append(e.Nothing, i == pos.OutSeat)
		}
		e.Round.Players = cambioweb.RoundPlayers(kit.Entry{Ctx: c.Request().Context(), Names: names, Values: values}, func(tok string) (scoring.Phrase, int, error) {
			card, err := parseCard(tok)
			return cardTitle(card), card.Value(), err
		}, kodiakCounterPoints)
		e.Closed = kodiakClosed(c, pos, names)
		vm.Entry = &e.PlayEntryVM
		vm.Page.Scripts = append(vm.Page.Scripts, cambioweb.Script)
	}
	return KodiakPlay(vm), nil
}

// kodiakClosed says why the round closed, as the engine tells it
// (Position.Ended).
func kodiakClosed(c echo.Context, pos kodiak.Position, names []string) scoring.Phrase {
	switch pos.Ended() {
	case kodiak.EndedPounces:
		return scoring.Phrasef("Round %d is over: Kodiak (%s) pounced %s and has no cards left", pos.Round(), names[pos.OutSeat], times(c.Request().Context(), kodiak.MaxPounces))
	case kodiak.EndedLost:
		return scoring.Phrasef("Round %d is over: Kodiak (%s) lost the last card to %s and %s discarded", pos.Round(), names[pos.OutSeat],
			scoring.Count(pos.Pounces, "1 pounce", "%d pounces"), scoring.Count(pos.Hairballs[pos.OutSeat], "1 hairball", "%d hairballs"))
	}
	return scoring.Phrasef("Round %d is over: %s has no cards left", pos.Round(), names[pos.OutSeat])
}

// kodiakHint is how many cards a player should turn over, honestly: the 3
// dealt; Kodiak never gains one and loses one per pounce and per hairball
// discarded (ruling KOD-3: at most that many); scurries and draws change a
// mouse's.
func kodiakHint(pos kodiak.Position, seat int) scoring.Phrase {
	switch {
	case seat == pos.OutSeat:
		return scoring.Phrasef("No cards left: this ended the round, so nothing to enter.")
	case seat == pos.Kodiak():
		return scoring.Count(pos.ExpectedCards(seat),
			"Kodiak: dealt %[1]d − %[2]s − %[3]s discarded = at most 1 card, since Kodiak never gains one (rule KOD-3). A hairball still held is one: it goes in the counter below, not among the cards.",
			"Kodiak: dealt %[2]d − %[3]s − %[4]s discarded = at most %[1]d cards, since Kodiak never gains one (rule KOD-3). A hairball still held is one of them: it goes in the counter below, not among the cards.",
			kodiak.Dealt, scoring.Count(pos.Pounces, "1 pounce", "%d pounces"), scoring.Count(pos.Hairballs[seat], "1 hairball", "%d hairballs"))
	}
	return scoring.Phrasef("Dealt %d cards: enter every card turned over (fewer after scurries, more after draws). A hairball still held goes in the counter below.", kodiak.Dealt)
}

// kodiakNote says where the game stands: "Round 3 of 6 · Ben leads with
// 4"; the rounds left and the leaders (the fewest points, ruling KOD-1)
// are the engine's.
func kodiakNote(pos kodiak.Position) scoring.Phrase {
	s := scoring.Phrasef("%s to play: the game ends when everyone was Kodiak %s; the fewest points win.",
		scoring.Count(pos.RoundsLeft(), "1 round", "%d rounds"), scoring.Count(pos.Options.Cycles, "1 time", "%d times"))
	if len(pos.Rounds) == 0 {
		return s
	}
	res := pos.Result()
	who := scoring.Lowest(res.Players)
	low, _ := res.Total(who[0])
	if len(who) > 1 {
		return scoring.Phrasef("%s share the lead with %s. %s", who, scoring.Name(views.Score(low)), s)
	}
	return scoring.Phrasef("%s leads with %s. %s", who[0], scoring.Name(views.Score(low)), s)
}
