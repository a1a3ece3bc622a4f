package kodiak

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kodiak"
	"tablemate/views"
	cambioweb "tablemate/web/cambio"
	"tablemate/web/kit"
)

// kodiakEditor enters a Kodiak game one round at a time (docs/api-rounds.md).
// kodiakRound is Kodiak's round editor.
var kodiakRound = cambioweb.RoundForm{Game: "Kodiak", Parse: parseKodiakRound, Choices: []string{"kodiak"},
	Fields: []string{"pounces", "hairballs_kept", "hairballs_discarded"}}

func kodiakEditor() kit.Editor {
	return kit.Editor{
		Page: kodiakPage, Parse: parseKodiakRound, Values: cambioweb.RoundValues,
		Rounds: true, RoundValues: kodiakRoundValues, Progress: kodiakProgress,
		Noun: scoring.Phrasef("round"), Intro: scoring.Phrasef("Enter who was Kodiak, the cards each player has left, pounces and hairballs."),
	}
}

// counter reads a Kodiak counter field; empty is 0.
func counter(v url.Values, i int, name string) (int, error) {
	f := views.PField(i, name)
	s := strings.TrimSpace(v.Get(f))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < -1000 || n > 1000 {
		return 0, kit.FormErrorf(f, "must be a whole number such as 0 or 2, not %q", s)
	}
	return n, nil
}

// parseKodiakRound builds a Kodiak round (docs/api-rounds.md) from the form.
func parseKodiakRound(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	var r cambioweb.RoundRequest[kodiak.RoundPlayer]
	names := cambioweb.SeatNames(v, fixed)
	k, err := cambioweb.SeatChoice(v, "kodiak", len(names))
	if err != nil {
		return nil, nil, err
	}
	slots := make([]int, len(names))
	for i, name := range names {
		p := kodiak.RoundPlayer{Name: name, Round: kodiak.Round{Kodiak: i == k}}
		if p.Cards, err = cambioweb.ReadCards(v, i, parseCard); err != nil {
			return nil, nil, err
		}
		if len(p.Cards) == 1 && p.Cards[0] == (kodiak.Card{Card: cambio.Card{Kind: cambio.Sum}}) {
			// A typed 0 is no cards left: someone's running out ends
			// every Kodiak round (KOD-1), and it scores the same.
			p.Cards = nil
		}
		if p.Pounces, err = counter(v, i, "pounces"); err != nil {
			return nil, nil, err
		}
		if p.HairballsKept, err = counter(v, i, "hairballs_kept"); err != nil {
			return nil, nil, err
		}
		if p.HairballsDiscarded, err = counter(v, i, "hairballs_discarded"); err != nil {
			return nil, nil, err
		}
		r.Players = append(r.Players, p)
		slots[i] = i
	}
	r.Options = cambioweb.RoundOptions(v)
	return kit.StateOf(r), slots, nil
}

func kodiakPage(e kit.Entry) templ.Component {
	var s kodiak.State
	if e.Current != nil {
		s, _ = kodiak.Decode(e.Current)
	}
	n := len(e.Names)
	if len(s.Players) == 0 { // a new game starts with the table's players and options
		s = kodiak.State{Players: make([]kodiak.Player, n), Options: kodiak.Options{Cycles: optionCycles(e.Options)}}
	}
	// The round, the rounds and the Kodiak by the rotation from the
	// table's chosen first player, as the engine reckons them (ruling
	// KOD-1).
	round, rounds, seat := kodiak.NextFrom(s, e.Start)
	if e.Round > 0 { // a correction: who was Kodiak is in its values
		round = e.Round
	}
	vm := cambioweb.RoundVM(e, kodiakRound, round)
	if n > 0 && e.Round == 0 {
		vm.Chosen = strconv.Itoa(seat)
		vm.Dealer = scoring.Phrasef("Kodiak by the rotation: %s", e.Names[seat%n])
		if e.GameNumber > 0 { // a table's game; the check page has its own heading
			vm.Heading = scoring.Phrasef("Game %d · round %d of %d", e.GameNumber, round, rounds)
		}
	}
	if e.Values != nil && e.Values.Get("kodiak") != "" {
		vm.Chosen = e.Values.Get("kodiak")
	}
	vm.Players = cambioweb.RoundPlayers(e, func(t string) (scoring.Phrase, int, error) {
		c, err := parseCard(t)
		return cardTitle(c), c.Value(), err
	}, kodiakCounterPoints)
	for i := range vm.Players {
		for _, f := range []*string{&vm.Players[i].Pounces, &vm.Players[i].Kept, &vm.Players[i].Discarded} {
			if *f == "" {
				*f = "0"
			}
		}
	}
	return KodiakRound(vm)
}

// kodiakRoundValues is round n of a stored Kodiak game as the round
// editor's values, to correct it: who was Kodiak, each player's cards
// and counters.
func kodiakRoundValues(state json.RawMessage, n int) url.Values {
	s, err := kodiak.Decode(state)
	if err != nil || n < 1 || len(s.Players) == 0 {
		return nil
	}
	v := url.Values{"kodiak": {"none"}}
	for i, p := range s.Players {
		if n > len(p.Rounds) {
			return nil
		}
		r := p.Rounds[n-1]
		cards := make([]cambio.Card, 0, len(r.Cards))
		hairballs := false
		for _, c := range r.Cards {
			cards = append(cards, c.Card)
			hairballs = hairballs || c.Hairball
		}
		if hairballs { // a hairball typed among the cards stays a code
			toks := make([]string, len(r.Cards))
			for k, c := range r.Cards {
				toks[k] = c.String()
			}
			v.Set(views.PField(i, "cards"), strings.Join(toks, " "))
		} else {
			cambioweb.CardValues(v, i, cards)
		}
		if r.Kodiak {
			v.Set("kodiak", strconv.Itoa(i))
		}
		v.Set(views.PField(i, "pounces"), strconv.Itoa(r.Pounces))
		v.Set(views.PField(i, "hairballs_kept"), strconv.Itoa(r.HairballsKept))
		v.Set(views.PField(i, "hairballs_discarded"), strconv.Itoa(r.HairballsDiscarded))
	}
	return v
}

// cardTitle is a Kodiak card as a player reads it (cambioweb.CardTitle),
// or a hairball.
func cardTitle(c kodiak.Card) scoring.Phrase {
	if c.Hairball {
		return scoring.Phrasef("Hairball")
	}
	return cambioweb.CardTitle(c.Card)
}

// kodiakCounterPoints is what player i's counters on a round form add to
// the cards, as the engine scores a round (kodiak.RoundScore): pounces,
// hairballs kept and discarded.
func kodiakCounterPoints(v url.Values, i int) int {
	p, _ := counter(v, i, "pounces")
	kept, _ := counter(v, i, "hairballs_kept")
	disc, _ := counter(v, i, "hairballs_discarded")
	return kodiak.RoundScore(kodiak.Round{Pounces: p, HairballsKept: kept, HairballsDiscarded: disc})
}

// optionCycles reads cycles from a table's options JSON as the engine
// reads them (kodiak.DecodeOptions); unreadable options are the default.
func optionCycles(opts json.RawMessage) int {
	o, err := kodiak.DecodeOptions(opts)
	if err != nil {
		return kodiak.DefaultCycles
	}
	return o.Cycles
}

// kodiakProgress says which round of the game state comes next and whose
// turn it is to be Kodiak, as the engine reckons it (kodiak.Next): "Next:
// round 4 of 6, Ben is Kodiak".
func kodiakProgress(state json.RawMessage) scoring.Phrase {
	s, err := kodiak.Decode(state)
	if err != nil || len(s.Players) == 0 {
		return scoring.Phrase{}
	}
	next, total, seat := kodiak.Next(s)
	return scoring.Phrasef("Next: round %d of %d, %s is Kodiak. Fewest points after %d rounds wins.", next, total, scoring.Name(s.Players[seat].Name), total)
}

// parseCard reads a card typed in either language (kodiak.ParseCard, and
// a hairball typed by its German name).
func parseCard(t string) (kodiak.Card, error) {
	if cambio.Normalize(t) == cambio.Normalize(german["Hairball"]) {
		t = kodiak.HairballToken
	}
	return kodiak.ParseCard(t)
}
