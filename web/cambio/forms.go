package cambio

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/views"
	"tablemate/web/kit"
)

// cambioEditor enters a Cambio game one round at a time (docs/api-rounds.md).
func cambioEditor() kit.Editor {
	return kit.Editor{
		Page: cambioPage, Parse: parseCambioRound, Values: RoundValues,
		Rounds: true, RoundValues: cambioRoundValues, Progress: cambioProgress,
		Noun: scoring.Phrasef("round"), Intro: scoring.Phrasef("Enter how the round ended and the cards each player has left."),
	}
}

// RoundValues is the editor's values for a stored game: a round editor
// cannot reopen a whole game, so it starts empty (a round is reopened by
// CambioRoundValues).
func RoundValues(json.RawMessage) url.Values { return url.Values{} }

// CardValues puts player i's cards of a stored round back into the form:
// a sum entered as such (cambio.Sum) in the sum field, the cards' codes
// otherwise.
func CardValues(v url.Values, i int, cards []cambio.Card) {
	if len(cards) == 1 && cards[0].Kind == cambio.Sum {
		v.Set(views.PField(i, "sum"), strconv.Itoa(cards[0].N))
		return
	}
	toks := make([]string, len(cards))
	for k, c := range cards {
		toks[k] = c.String()
	}
	v.Set(views.PField(i, "cards"), strings.Join(toks, " "))
}

// EndedBy is the round editor's "ended" value of a round seat (0 first)
// ended by calling Cambio.
func EndedBy(seat int) string { return "cambio:" + strconv.Itoa(seat) }

// cambioRoundValues is round n of a stored Cambio game as the round
// editor's values, to correct it: each player's cards, and how the round
// ended (the caller, or the first player with no cards left).
func cambioRoundValues(state json.RawMessage, n int) url.Values {
	s, err := cambio.Decode(state)
	if err != nil || n < 1 {
		return nil
	}
	v := url.Values{}
	for i, p := range s.Players {
		if n > len(p.Rounds) {
			return nil
		}
		r := p.Rounds[n-1]
		CardValues(v, i, r.Cards)
		switch {
		case r.Cambio:
			v.Set("ended", EndedBy(i))
		case len(r.Cards) == 0 && v.Get("ended") == "":
			v.Set("ended", "out:"+strconv.Itoa(i))
		}
	}
	if len(s.Players) == 0 {
		return nil
	}
	return v
}

// SeatNames are the players a round form is for: the table's, or on a
// form without them the names it carries (players[i].name, up to 8).
func SeatNames(v url.Values, fixed []string) []string {
	if fixed != nil {
		return fixed
	}
	var out []string
	for i := range cambio.MaxPlayers {
		n := strings.TrimSpace(v.Get(views.PField(i, "name")))
		if n == "" {
			break
		}
		out = append(out, n)
	}
	return out
}

// cardTokens splits a cards field: tokens separated by spaces or commas.
func cardTokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
}

// ReadCards reads player i's cards field with the engine's
// ParseCard; an unreadable token is an error on the field naming the card.
// Instead of the cards a player's sum field may give their sum, read as a
// corner value for the whole hand (cambio.Sum, ruling CAM-1: "a table may
// also enter a corner value directly"); both at once is an error, as the
// page could not know which one the table meant.
func ReadCards[C any](v url.Values, i int, parse func(string) (C, error)) ([]C, error) {
	f := views.PField(i, "cards")
	toks := cardTokens(v.Get(f))
	if sf := views.PField(i, "sum"); strings.TrimSpace(v.Get(sf)) != "" {
		n, err := strconv.Atoi(strings.Replace(strings.TrimSpace(v.Get(sf)), "−", "-", 1))
		switch {
		case err != nil || n < cambio.MinSum || n > cambio.MaxSum:
			return nil, kit.FormErrorf(sf, "the sum of the cards is a whole number such as 17, not %q", v.Get(sf))
		case len(toks) > 0:
			return nil, kit.FormErrorf(sf, "enter the cards or their sum, not both: clear one of them")
		}
		card, err := parse(cambio.SumPrefix + strconv.Itoa(n))
		if err != nil {
			return nil, kit.FormErrorf(sf, "%s", kit.Reason(err))
		}
		return []C{card}, nil
	}
	if len(toks) > cambio.DeckSize {
		return nil, kit.FormErrorf(f, "%d cards is more than the whole deck (%d)", len(toks), cambio.DeckSize)
	}
	out := make([]C, 0, len(toks))
	for k, t := range toks {
		card, err := parse(EngineToken(t))
		if err != nil {
			return nil, kit.FormErrorf(f, "card %d: %s", k+1, kit.Reason(err))
		}
		out = append(out, card)
	}
	return out, nil
}

// RoundRequest is a round as a round editor posts it: the engine's own
// round players (Cambio's or Kodiak's RoundPlayer), with the table's
// options as the hidden field carries them, for the engine to read (a
// round that starts a game starts it with them).
type RoundRequest[P any] struct {
	Players []P             `json:"players"`
	Options json.RawMessage `json:"options,omitempty"`
}

// SeatChoice reads a radio naming a seat ("0"…) or "none"/"" (−1).
func SeatChoice(v url.Values, field string, seats int) (int, error) {
	s := strings.TrimSpace(v.Get(field))
	if s == "" || s == "none" {
		return -1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= seats {
		return 0, kit.FormErrorf(field, "choose a player or nobody, not %q", s)
	}
	return n, nil
}

// RoundOptions is the hidden options field: the table's options, sent so
// that a round starting a game starts it with them.
func RoundOptions(v url.Values) json.RawMessage {
	s := strings.TrimSpace(v.Get("options"))
	if s == "" || s == "null" || !json.Valid([]byte(s)) {
		return nil
	}
	return json.RawMessage(s)
}

// endChoice reads how the round ended (ruling CAM-3), a required radio:
// "cambio:2" (seat 2 called Cambio) or "out:1" (nobody called, seat 1 had
// no cards left). It returns the caller and the seat out, each −1 when
// not the one chosen.
func endChoice(v url.Values, seats int) (caller, out int, err error) {
	kind, num, _ := strings.Cut(strings.TrimSpace(v.Get("ended")), ":")
	n, nerr := strconv.Atoi(num)
	switch {
	case kind == "" && num == "":
		return -1, -1, kit.FormErrorf("ended", "Choose how the round ended: who called Cambio, or who had no cards left (rule CAM-3).")
	case nerr != nil || n < 0 || n >= seats || (kind != "cambio" && kind != "out"):
		return -1, -1, kit.FormErrorf("ended", "Choose how the round ended from the list, not %q.", v.Get("ended"))
	case kind == "cambio":
		return n, -1, nil
	}
	return -1, n, nil
}

// parseCambioRound builds a Cambio round (docs/api-rounds.md) from the
// form. How the round ended is a required choice, and the engine's
// ruling CAM-3 checks it against the cards (cambio.EndProblems): the
// caller turns over at least one card, the player who ran out none.
func parseCambioRound(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	var r RoundRequest[cambio.RoundPlayer]
	names := SeatNames(v, fixed)
	slots := make([]int, len(names))
	held, called := make([]int, len(names)), make([]bool, len(names))
	caller, out, endErr := endChoice(v, len(names))
	for i, name := range names {
		cards, err := ReadCards(v, i, cambio.ParseCard)
		if err != nil {
			return nil, nil, err
		}
		if i == out && len(cards) == 1 && cards[0] == (cambio.Card{Kind: cambio.Sum}) {
			cards = nil // a typed 0 for the player who had no cards left
		}
		r.Players = append(r.Players, cambio.RoundPlayer{Name: name, Cards: cards, Cambio: i == caller})
		slots[i] = i
		held[i], called[i] = len(cards), i == caller
	}
	if endErr != nil {
		return nil, nil, endErr
	}
	for _, e := range cambio.EndProblems(held, called, out) {
		switch e.Code {
		case "caller_out":
			return nil, nil, kit.FormErrorf(views.PField(e.Seat, "cards"), "%s called Cambio, so these cards were frozen: enter the cards %s turned over, at least one (rule CAM-3).", scoring.Name(names[e.Seat]), scoring.Name(names[e.Seat]))
		case "out_has_cards":
			return nil, nil, kit.FormErrorf(views.PField(e.Seat, "cards"), "%s had no cards left, which ended the round: leave these cards empty, or choose how the round really ended (rule CAM-3).", scoring.Name(names[e.Seat]))
		}
	}
	r.Options = RoundOptions(v)
	return kit.StateOf(r), slots, nil
}

// cardChips are the pad's cards: numbers 0–13, then the named cards, by
// their names and tokens in the reader's language.
func cardChips(ctx context.Context) (numbers, named []CardChip) {
	for _, c := range cambio.NumberCards() {
		numbers = append(numbers, CardChip{Token: c.String(), Title: scoring.Verbatim(c.Title()), Points: cambio.Points(c.Value())})
	}
	for _, c := range cambio.NamedCards() {
		named = append(named, CardChip{Token: PageToken(ctx, c), Title: CardTitle(c), Points: cambio.Points(c.Value())})
	}
	return numbers, named
}

// RoundPlayers draws the typed cards of each seat as chips with their sum;
// extra adds points that are not cards (Kodiak's counters).
func RoundPlayers(e kit.Entry, read func(string) (title scoring.Phrase, points int, err error), extra func(v url.Values, i int) int) []RoundPlayer {
	v := e.Values
	if v == nil {
		v = url.Values{}
	}
	var out []RoundPlayer
	for i, name := range e.Names {
		p := RoundPlayer{Index: i, Name: name, Cards: pageCards(e.Ctx, v.Get(views.PField(i, "cards"))), Typed: strings.TrimSpace(v.Get(views.PField(i, "sum"))),
			Pounces: v.Get(views.PField(i, "pounces")), Kept: v.Get(views.PField(i, "hairballs_kept")), Discarded: v.Get(views.PField(i, "hairballs_discarded"))}
		sum, ok := 0, true
		for _, t := range cardTokens(p.Cards) {
			title, points, err := read(EngineToken(t))
			if err != nil {
				p.Chips = append(p.Chips, CardChip{Token: t, Title: scoring.Verbatim(t), Points: "?", Bad: true})
				ok = false
				continue
			}
			p.Chips = append(p.Chips, CardChip{Token: t, Title: title, Points: cambio.Points(points)})
			sum += points
		}
		if n, err := strconv.Atoi(strings.Replace(p.Typed, "−", "-", 1)); err == nil && len(p.Chips) == 0 {
			sum = n
		} else if p.Typed != "" {
			ok = false
		}
		if extra != nil {
			sum += extra(v, i)
		}
		if ok {
			p.Sum = cambio.Points(sum)
		}
		out = append(out, p)
	}
	return out
}

// RoundForm is what a round editor of the Cambio deck (Cambio's, Kodiak's)
// is made of: its game's title, its parser and the fields it shows.
type RoundForm struct {
	Game  string
	Parse func(v url.Values, fixed []string) (json.RawMessage, []int, error)
	// Choices are its fields for the whole round ("ended", "kodiak") and
	// Fields its fields per player besides the cards ("pounces"); an
	// error on any other field is listed above the form.
	Choices, Fields []string
}

// cambioRound is Cambio's round editor.
var cambioRound = RoundForm{Game: "Cambio", Parse: parseCambioRound, Choices: []string{"ended"}}

// RoundVM fills what both round editors share.
func RoundVM(e kit.Entry, f RoundForm, round int) RoundEntryVM {
	vm := RoundEntryVM{
		Page: e.Page, Form: e.Form, Game: f.Game, Action: e.Action, Errors: e.Errors,
		Heading: scoring.Phrasef("Game %d · round %d", e.GameNumber, round), Round: round,
		Intro: e.Intro, Submit: scoring.Phrasef("Save round %d", round), Options: string(e.Options),
	}
	if e.GameNumber == 0 || e.Round > 0 { // not from a table (the check page), or a correction
		vm.Heading = e.Heading
	}
	if e.Round > 0 || e.GameNumber == 0 { // a correction, or the check page (nothing is saved)
		vm.Submit = e.Submit
	}
	if e.Values != nil {
		vm.Options = e.Values.Get("options")
	}
	vm.Numbers, vm.Named = cardChips(e.Ctx)
	vm.Page.Scripts = append(vm.Page.Scripts, Script)
	known := map[string]bool{}
	for _, c := range f.Choices {
		known[c] = true
	}
	for i := range e.Names {
		for _, p := range append([]string{"cards", "sum"}, f.Fields...) {
			known[views.PField(i, p)] = true
		}
	}
	for field, msg := range e.Errors {
		if !known[field] {
			vm.Other = append(vm.Other, msg)
		}
	}
	return vm
}

func cambioPage(e kit.Entry) templ.Component {
	var s cambio.State
	if e.Current != nil {
		s, _ = cambio.Decode(e.Current)
	}
	round := 1
	if len(s.Players) > 0 {
		round = len(s.Players[0].Rounds) + 1
	}
	if e.Round > 0 {
		round = e.Round
	}
	vm := RoundVM(e, cambioRound, round)
	if n := len(e.Names); n > 0 {
		vm.Dealer = scoring.Phrasef("Dealer: %s", e.Names[(e.Start+cambio.Dealer(round, n))%n])
	}
	if e.Values != nil {
		vm.Chosen = e.Values.Get("ended")
	}
	vm.Players = RoundPlayers(e, func(t string) (scoring.Phrase, int, error) {
		c, err := cambio.ParseCard(t)
		return CardTitle(c), c.Value(), err
	}, nil)
	return CambioRound(vm)
}

// cambioProgress names who is closest to the target, as the engine
// reckons it for the game's own target (cambio.Closest): "Ana is 11 points
// from 50".
func cambioProgress(state json.RawMessage) scoring.Phrase {
	s, err := cambio.Decode(state)
	if err != nil {
		return scoring.Phrase{}
	}
	who, gap := cambio.Closest(s)
	target := s.Options.Limit()
	switch len(who) {
	case 0:
		return scoring.Phrase{}
	case 1:
		return scoring.Count(gap, "%[1]s is 1 point from %[2]d: the game ends after the round in which a total reaches %[2]d.",
			"%[2]s is %[1]d points from %[3]d: the game ends after the round in which a total reaches %[3]d.", scoring.Name(who[0]), target)
	}
	return scoring.Count(gap, "%[1]s are 1 point from %[2]d: the game ends after the round in which a total reaches %[2]d.",
		"%[2]s are %[1]d points from %[3]d: the game ends after the round in which a total reaches %[3]d.", who, target)
}
