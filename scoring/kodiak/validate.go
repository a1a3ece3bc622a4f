package kodiak

import (
	"fmt"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

// Player range printed on the rules (ruling KOD-1).
const (
	MinPlayers = 2
	MaxPlayers = 6
)

// DeckSize is the Cambio deck (ruling CAM-1: "Shuffle all 76 cards"). No
// hairball counter can exceed it; it also keeps the arithmetic far from
// overflow.
const DeckSize = cambio.DeckSize

// Validate lists every rule the state breaks, in a stable order: player
// count, round counts, then round by round (the round's own checks, then
// each player in seating order).
func Validate(s State) []scoring.Violation {
	v := []scoring.Violation{}
	n := len(s.Players)
	// ruling KOD-1: Kodiak is for 2–6 players.
	if n < MinPlayers || n > MaxPlayers {
		v = append(v, scoring.Violationf("player_count", "", "KOD-1", "Kodiak is for %d–%d players, not %d", MinPlayers, MaxPlayers, n))
	}
	// ruling KOD-1: every round is scored for every player.
	if msg := roundCountMismatch(s); !msg.IsZero() {
		v = append(v, scoring.Violationf("round_count", "", "KOD-1", "%s", msg))
	}
	anchor, anchorSeat := firstSingleKodiak(s)
	for j := range roundsEntered(s) {
		v = append(v, checkRound(s, j, anchor, anchorSeat)...)
		for _, p := range s.Players {
			if j < len(p.Rounds) {
				v = append(v, checkPlayerRound(p.Name, j, p.Rounds[j])...)
			}
		}
	}
	return v
}

// checkRound holds the checks about a whole round.
func checkRound(s State, j, anchor, anchorSeat int) []scoring.Violation {
	var v []scoring.Violation
	kodiaks := kodiaksOf(s, j)
	// ruling KOD-1: exactly one Kodiak per round.
	if len(kodiaks) != 1 {
		names := make([]string, len(kodiaks))
		for i, k := range kodiaks {
			names[i] = s.Players[k].Name
		}
		what := scoring.Phrasef("nobody is marked as Kodiak")
		if len(kodiaks) > 1 {
			what = scoring.Phrasef("%s are all marked as Kodiak", names)
		}
		v = append(v, scoring.Violationf("kodiak_count", "", "KOD-1", "round %d: %s; exactly one player is Kodiak each round", j+1, what))
	}
	// ruling KOD-1: Kodiak passes left each round, starting from the first
	// round whose Kodiak is clear.
	if len(kodiaks) == 1 && anchor >= 0 {
		want := KodiakSeat(j-anchor+1, anchorSeat, len(s.Players))
		if got := kodiaks[0]; got != want {
			v = append(v, scoring.Violationf("kodiak_order", s.Players[got].Name, "KOD-1", "round %d: %s is Kodiak, but Kodiak passes left each round: %s was Kodiak in round %d, so round %d is %s's",
				j+1, scoring.Name(s.Players[got].Name), scoring.Name(s.Players[anchorSeat].Name), anchor+1, j+1, scoring.Name(s.Players[want].Name)))
		}
	}
	// ruling KOD-1: a round ends when someone has no table cards left.
	if counts, out := holdings(s, j); !out {
		v = append(v, scoring.Violationf("nobody_out", "", "KOD-1", "round %d: everyone still holds table cards (%s); a round ends when a player has none left", j+1, scoring.Name(counts)))
	}
	// ruling KOD-1: the game ends when everyone has been Kodiak equally
	// often (cycles × players rounds).
	if last := s.Options.GameRounds(len(s.Players)); j >= last {
		v = append(v, scoring.Violationf("after_game_end", "", "KOD-1", "round %d was entered after the game ended: with %d players and %s the game has %d rounds",
			j+1, len(s.Players), scoring.Count(max(s.Options.Cycles, 1), "1 cycle", "%d cycles"), last))
	}
	return v
}

// checkPlayerRound holds the checks about one player's round.
func checkPlayerRound(name string, j int, r Round) []scoring.Violation {
	var v []scoring.Violation
	add := func(code, rule, format string, args ...any) {
		v = append(v, scoring.Violationf(code, name, rule, "round %d: %s %s", j+1, scoring.Name(name), scoring.Phrasef(format, args...)))
	}
	// ruling KOD-1: pounces and hairballs are counts.
	for _, c := range []struct {
		field string
		n     int
	}{{"pounces", r.Pounces}, {"hairballs_kept", r.HairballsKept}, {"hairballs_discarded", r.HairballsDiscarded}} {
		if c.n < 0 {
			add("negative_count", "KOD-1", "has %s %d; a count cannot be below 0", scoring.Name(c.field), c.n)
		}
		// ruling CAM-1: the deck has 76 cards.
		if c.field != "pounces" && c.n > DeckSize {
			add("count_too_high", "CAM-1", "has %s %d; the deck has only %d cards", scoring.Name(c.field), c.n, DeckSize)
		}
	}
	// ruling KOD-1: only Kodiak pounces.
	if r.Pounces > 0 && !r.Kodiak {
		add("pounce_not_kodiak", "KOD-1", "is a mouse but has %s; only Kodiak pounces", scoring.Count(r.Pounces, "1 pounce", "%d pounces"))
	}
	// ruling KOD-1: at most 3 pounces (−15) per round.
	if r.Pounces > MaxPounces {
		add("too_many_pounces", "KOD-1", "has %d pounces; Kodiak can pounce at most %d times a round (−%d)", r.Pounces, MaxPounces, -MaxPounces*PouncePoints)
	}
	// ruling KOD-3: Kodiak's cards left ≤ 3 − pounces − hairballs Kodiak
	// discarded (kept hairballs are table cards too).
	if r.Kodiak {
		if most, held := KodiakCardsAtMost(r.Pounces, r.HairballsDiscarded), TableCards(r); most < 0 {
			add("kodiak_cards", "KOD-3", "is Kodiak with %s and %s discarded, but Kodiak is dealt only %d table cards and never gains one; each pounce and each hairball Kodiak discards costs one",
				pounces(r.Pounces), hairballs(r.HairballsDiscarded), Dealt)
		} else if held > most {
			add("kodiak_cards", "KOD-3", "is Kodiak and holds %s after %s and %s discarded; Kodiak is dealt %d and never gains one, and each pounce and each hairball Kodiak discards costs one, so at most %d can be left",
				scoring.Count(held, "1 table card", "%d table cards"), pounces(r.Pounces), hairballs(r.HairballsDiscarded), Dealt, most)
		}
	}
	// ruling KOD-2: a hairball counts only through the counters.
	if k := hairballTokens(r.Cards); k > 0 {
		add("hairball_as_card", "KOD-2", "has %s among the cards; enter it as a hairball kept (+10 each) or discarded (+5 each) instead, it is counted 0 here", hairballs(k))
	}
	return v
}

func roundsEntered(s State) int {
	n := 0
	for _, p := range s.Players {
		n = max(n, len(p.Rounds))
	}
	return n
}

func roundCountMismatch(s State) scoring.Phrase {
	return scoring.RoundCountMismatch(s.Players, func(p Player) string { return p.Name }, func(p Player) int { return len(p.Rounds) })
}

// kodiaksOf returns the seats marked as Kodiak in round j.
func kodiaksOf(s State, j int) []int {
	var seats []int
	for i, p := range s.Players {
		if j < len(p.Rounds) && p.Rounds[j].Kodiak {
			seats = append(seats, i)
		}
	}
	return seats
}

// firstSingleKodiak finds the first round with exactly one Kodiak, which
// sets where the passing starts; −1 if there is none.
func firstSingleKodiak(s State) (round, seat int) {
	for j := range roundsEntered(s) {
		if k := kodiaksOf(s, j); len(k) == 1 {
			return j, k[0]
		}
	}
	return -1, 0
}

// holdings describes everyone's table cards in round j and says whether
// someone had none.
func holdings(s State, j int) (string, bool) {
	var parts []string
	out := false
	for _, p := range s.Players {
		if j >= len(p.Rounds) {
			continue
		}
		n := TableCards(p.Rounds[j])
		out = out || n == 0
		parts = append(parts, fmt.Sprintf("%s %d", p.Name, n))
	}
	return strings.Join(parts, ", "), out || len(parts) == 0
}

func hairballTokens(cards []Card) int {
	k := 0
	for _, c := range cards {
		if c.Hairball {
			k++
		}
	}
	return k
}

// pounces is "1 pounce" or "n pounces" (none below 0) as a phrase
// argument.
func pounces(n int) scoring.Phrase { return scoring.Count(max(n, 0), "1 pounce", "%d pounces") }

// hairballs is "1 hairball" or "n hairballs" (none below 0) as a phrase
// argument.
func hairballs(n int) scoring.Phrase { return scoring.Count(max(n, 0), "1 hairball", "%d hairballs") }
