package main

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/scoring/kodiak"
	"tablemate/views"
	"tablemate/views/i18n"
)

// kodiakEditor enters a Kodiak game one round at a time (docs/api-rounds.md).
func kodiakEditor() editor {
	return editor{
		page: kodiakPage, parse: parseKodiakRound, values: roundValues,
		rounds: true, progress: kodiakProgress,
		noun: i18n.Key("round"), intro: i18n.Key("Enter who was Kodiak, the cards each player has left, pounces and hairballs."),
	}
}

func kodiakToken(t string) (string, error) {
	c, err := kodiak.ParseCard(t)
	return c.String(), err
}

// counter reads a Kodiak counter field; empty is 0.
func counter(v url.Values, i int, name string) (int, error) {
	f := pfield(i, name)
	s := strings.TrimSpace(v.Get(f))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < -1000 || n > 1000 {
		return 0, formErrorf(f, "must be a whole number such as 0 or 2, not %q", s)
	}
	return n, nil
}

// parseKodiakRound builds a Kodiak round (docs/api-rounds.md) from the form.
func parseKodiakRound(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	type player struct {
		Name               string   `json:"name"`
		Kodiak             bool     `json:"kodiak,omitempty"`
		Cards              []string `json:"cards"`
		Pounces            int      `json:"pounces,omitempty"`
		HairballsKept      int      `json:"hairballs_kept,omitempty"`
		HairballsDiscarded int      `json:"hairballs_discarded,omitempty"`
	}
	var r struct {
		Players []player        `json:"players"`
		Options json.RawMessage `json:"options,omitempty"`
	}
	names := seatNames(v, fixed)
	k, err := seatChoice(v, "kodiak", len(names))
	if err != nil {
		return nil, nil, err
	}
	slots := make([]int, len(names))
	for i, name := range names {
		p := player{Name: name, Kodiak: i == k}
		if p.Cards, err = parseCardsField(v, i, kodiakToken); err != nil {
			return nil, nil, err
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
	r.Options = roundOptions(v)
	return stateOf(r), slots, nil
}

// kodiakStart is the seat that was Kodiak in a game's first round (0 when
// there is none yet or nobody was marked).
func kodiakStart(s kodiak.State) int {
	for i, p := range s.Players {
		if len(p.Rounds) > 0 && p.Rounds[0].Kodiak {
			return i
		}
	}
	return 0
}

func kodiakPage(e entry) templ.Component {
	var s kodiak.State
	if e.Current != nil {
		s, _ = kodiak.Decode(e.Current)
	}
	round := 1
	if len(s.Players) > 0 {
		round = len(s.Players[0].Rounds) + 1
	}
	vm := roundVM(e, "Kodiak", round)
	n := len(e.Names)
	if n > 0 {
		seat := kodiak.KodiakSeat(round, kodiakStart(s), n)
		vm.Chosen = strconv.Itoa(seat)
		vm.Dealer = i18n.T(e.ctx, "Kodiak by the rotation: %s", e.Names[seat])
		opts := s.Options
		if len(s.Players) == 0 { // a new game starts with the table's options
			opts = kodiak.Options{Cycles: optionCycles(e.Options)}
		}
		vm.Heading = i18n.T(e.ctx, "Game %d · round %d of %d", e.GameNumber, round, opts.GameRounds(n))
	}
	if e.Values != nil && e.Values.Get("kodiak") != "" {
		vm.Chosen = e.Values.Get("kodiak")
	}
	vm.Players = roundPlayers(e, func(t string) (string, int, error) {
		c, err := kodiak.ParseCard(t)
		return c.Title(), c.Value(), err
	}, func(v url.Values, i int) int {
		p, _ := counter(v, i, "pounces")
		kept, _ := counter(v, i, "hairballs_kept")
		disc, _ := counter(v, i, "hairballs_discarded")
		return kodiak.PouncePoints*p + kodiak.KeptPoints*kept + kodiak.DiscardedPoints*disc
	})
	for i := range vm.Players {
		for _, f := range []*string{&vm.Players[i].Pounces, &vm.Players[i].Kept, &vm.Players[i].Discarded} {
			if *f == "" {
				*f = "0"
			}
		}
	}
	return views.KodiakRound(vm)
}

// optionCycles reads cycles from a table's options JSON (default 1).
func optionCycles(opts json.RawMessage) int {
	var o kodiak.Options
	if len(opts) == 0 || json.Unmarshal(opts, &o) != nil || o.Cycles < kodiak.MinCycles || o.Cycles > kodiak.MaxCycles {
		return kodiak.DefaultCycles
	}
	return o.Cycles
}

// kodiakProgress says which round comes next and whose turn it is to be
// Kodiak: "Next: round 4 of 6, Ben is Kodiak". It reads the first round's
// Kodiak from the breakdown ("round 1 (Kodiak): …"); tables play one cycle.
func kodiakProgress(ctx context.Context, res scoring.Result) string {
	n := len(res.Players)
	if n == 0 {
		return ""
	}
	played, start := 0, 0
	for i, p := range res.Players {
		played = max(played, len(p.Rounds))
		for _, l := range p.Breakdown {
			if strings.HasPrefix(l.Label, "round 1 (Kodiak)") {
				start = i
			}
		}
	}
	next := played + 1
	total := kodiak.Options{}.GameRounds(n)
	who := res.Players[kodiak.KodiakSeat(next, start, n)].Name
	return i18n.T(ctx, "Next: round %d of %d, %s is Kodiak. Fewest points after %d rounds wins.", next, total, who, total)
}
