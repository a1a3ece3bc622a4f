package kks

import (
	"slices"

	"tablemate/scoring"
)

// Validate checks a state against every ruling and returns the rule
// breaks and the warnings. With special cards in play the checks of
// KKS-2, KKS-3 and KKS-4 are warnings, since card effects the engine does
// not model may explain them (ruling KKS-6); KKS-1 stays a violation.
func Validate(s State) (violations, warnings []scoring.Violation) {
	var buf [4][4]Stack
	return validate(s, displays(s, buf[:0]))
}

// displays lists each player's stacks in colourOrder (appended to buf), so
// the checks and the score read each display from its map once.
func displays(s State, buf [][4]Stack) [][4]Stack {
	for _, p := range s.Players {
		buf = append(buf, stacksOf(p))
	}
	return buf
}

func stacksOf(p Player) (d [4]Stack) {
	for i, c := range colourOrder() {
		d[i] = p.Display[c]
	}
	return d
}

// validate is Validate with the players' stacks (displays).
func validate(s State, ds [][4]Stack) (violations, warnings []scoring.Violation) {
	violations, warnings = []scoring.Violation{}, []scoring.Violation{}
	soft := &violations
	if len(s.SpecialCards) > 0 {
		soft = &warnings
	}
	n := len(s.Players)
	// ruling KKS-1/KKS-3: the base game is for 2–4 players
	if n < 2 || n > 4 {
		violations = append(violations, scoring.Violationf("player_count", "", "KKS-3",
			"Koffer, Katze & Sombrero is played by 2 to 4 players, not %d", n))
	}
	violations = append(violations, checkCards(s, ds)...)
	violations = append(violations, checkSpecials(s)...)
	for i, p := range s.Players {
		got := 0
		for ci, c := range colourOrder() {
			*soft = append(*soft, checkStack(p.Name, c, ds[i][ci])...)
			got += len(ds[i][ci])
		}
		// ruling KKS-3: every display holds exactly the turns per player
		if want := TurnsPerPlayer(n); want > 0 && got != want {
			*soft = append(*soft, scoring.Violationf("card_count", p.Name, "KKS-3",
				"holds %s, but with %d players every display ends with exactly %d (one per turn)", scoring.Count(got, "1 card", "%d cards"), n, want))
		}
	}
	*soft = append(*soft, checkTokens(s)...)
	return violations, warnings
}

// checkCards: ruling KKS-1, values 1–10 and each colour/value once at the
// whole table (known face-down cards included).
func checkCards(s State, ds [][4]Stack) []scoring.Violation {
	var out []scoring.Violation
	// holder[colour][value] is 1 + the index of the player holding the
	// card, 0 while nobody does (an array: this runs on every check).
	var holder [4][11]int
	for i, p := range s.Players {
		for ci, c := range colourOrder() {
			for _, card := range ds[i][ci] {
				if card.Unknown {
					continue
				}
				if card.Value < 1 || card.Value > 10 {
					out = append(out, scoring.Violationf("card_value", p.Name, "KKS-1", "%s: %s is not a card; values run from 1 to 10", c.Word(), card))
					continue
				}
				if first := holder[ci][card.Value]; first > 0 {
					if name := s.Players[first-1].Name; name != p.Name {
						out = append(out, scoring.Violationf("duplicate_card", p.Name, "KKS-1", "holds the %s %d, and %s holds it too; each card exists once", c.Word(), card.Value, scoring.Name(name)))
					} else {
						out = append(out, scoring.Violationf("duplicate_card", p.Name, "KKS-1", "holds the %s %d, twice in this display; each card exists once", c.Word(), card.Value))
					}
					continue
				}
				holder[ci][card.Value] = i + 1
			}
		}
	}
	return out
}

// checkStack: ruling KKS-2, how a card lies on the one below it.
func checkStack(player string, c Colour, st Stack) []scoring.Violation {
	var out []scoring.Violation
	for i, card := range st {
		if i == 0 {
			if card.FaceDown {
				out = append(out, scoring.Violationf("face_down_start", player, "KKS-2",
					"%s: the stack starts with a face-down card; the first card of a colour is always placed face up", c.Word()))
			}
			continue
		}
		below := st[i-1]
		// ruling G-3: a value the game does not have (card_value, KKS-1)
		// has no place in an order either, so it is not also compared.
		if !known(card) || !known(below) {
			continue
		}
		switch {
		case card.FaceDown && below.FaceDown:
			out = append(out, scoring.Violationf("face_down_on_face_down", player, "KKS-2",
				"%s: card %d lies face down on a face-down card; any card placed on a face-down card goes face up", c.Word(), i+1))
		case card.FaceDown && !card.Unknown && card.Value >= below.Value:
			out = append(out, scoring.Violationf("face_down_not_lower", player, "KKS-2",
				"%s: a face-down %d lies on a face-up %d; only a lower card goes face down", c.Word(), card.Value, below.Value))
		case !card.FaceDown && !below.FaceDown && card.Value <= below.Value:
			out = append(out, scoring.Violationf("not_ascending", player, "KKS-2",
				"%s: %d lies face up on %d; a face-up card must be higher than the face-up card below it (a lower one goes face down)", c.Word(), card.Value, below.Value))
		}
	}
	return out
}

// known reports whether a stack card's value is one the game has (1–10)
// or not known (a face-down card entered as x).
func known(c StackCard) bool {
	return c.Unknown || (c.Value >= 1 && c.Value <= 10)
}

// checkTokens: ruling KKS-4, supplies are never negative and all of them
// together are at most 7 per player.
func checkTokens(s State) []scoring.Violation {
	var out []scoring.Violation
	total := 0
	for _, p := range s.Players {
		if p.Tokens < 0 {
			out = append(out, scoring.Violationf("token_total", p.Name, "KKS-4", "has %d tokens; a supply cannot be negative", p.Tokens))
		}
		// ruling G-3: a negative supply (reported above) adds nothing, so
		// it cannot hide a table holding more tokens than the box.
		total += max(0, p.Tokens)
	}
	if limit := MaxTokens * len(s.Players); total > limit {
		out = append(out, scoring.Violationf("token_total", "", "KKS-4",
			"the players hold %d tokens together, but %d players start with only %d (%d each)", total, len(s.Players), limit, MaxTokens))
	}
	return out
}

// checkSpecials: ruling KKS-6, exactly 3 distinct special cards 1–15, and
// adjustments only for cards in play (G-4).
func checkSpecials(s State) []scoring.Violation {
	var out []scoring.Violation
	if len(s.SpecialCards) > 0 {
		if !threeSpecialCards(s.SpecialCards) {
			out = append(out, scoring.Violationf("special_cards", "", "KKS-6",
				"special cards in play: %v; a game uses 3 different special cards numbered 1 to 15", s.SpecialCards))
		}
	}
	for _, p := range s.Players {
		for _, a := range p.Adjustments {
			switch {
			case len(s.SpecialCards) == 0:
				out = append(out, scoring.Violationf("adjustment_not_allowed", p.Name, "G-4",
					"has an adjustment (%s) but no special cards are in play; adjustments only record special-card effects", scoring.Name(a.Reason)))
			case !slices.Contains(s.SpecialCards, a.Card):
				out = append(out, scoring.Violationf("adjustment_card", p.Name, "KKS-6",
					"has an adjustment for special card %d, which is not in play (%v)", a.Card, s.SpecialCards))
			}
		}
	}
	return out
}

// threeSpecialCards reports whether cards are 3 different special cards
// numbered 1–15 (ruling KKS-6).
func threeSpecialCards(cards []int) bool {
	distinct := map[int]bool{}
	ok := len(cards) == 3
	for _, n := range cards {
		ok = ok && n >= 1 && n <= MaxSpecialCard && !distinct[n]
		distinct[n] = true
	}
	return ok
}

// MaxSpecialCard is the highest special card's number (ruling KKS-6).
const MaxSpecialCard = 15

func cardCount(p Player) int {
	n := 0
	for _, st := range p.Display {
		n += len(st)
	}
	return n
}
