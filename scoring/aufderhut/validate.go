package aufderhut

import "tablemate/scoring"

// Component counts and setup (ruling ADH-1).
const (
	TotalCharacters = 20 // 10 characters × 2 cards
	TotalHats       = 24 // 20 matching hats + 4 wonderhats
	TotalWonderhats = 4
	TotalBaldHeads  = 16
	DisplaySize     = 7
	MinPlayers      = 2 // player count is not printed; ADH-1 accepts 2–6
	MaxPlayers      = 6
	// CharacterPile and HatPile are the piles after the display is laid.
	CharacterPile = TotalCharacters - DisplaySize // 13
	HatPile       = TotalHats - DisplaySize       // 17
)

// End bounds for the matches m and wonderhats w taken in a whole game
// (ruling ADH-3). A standard game ends on the first refill that cannot be
// done: a match with the character pile empty (m = 14) or any take with the
// hat pile empty (m + w = 18).
const (
	MaxMatches          = CharacterPile + 1 // 14
	MaxTakes            = HatPile + 1       // 18, matches + wonderhats
	MaxMatchesThreeLeft = TotalCharacters - 3
)

// Validate lists every rule the state breaks, table-level checks first.
func Validate(s State) []scoring.Violation {
	v := []scoring.Violation{}
	// ruling ADH-1: the player count is not printed; 2–6 accepted.
	if n := len(s.Players); n < MinPlayers || n > MaxPlayers {
		v = append(v, scoring.Violationf("player_count", "", "ADH-1", "%d players: Auf der Hut is scored for %d to %d players", n, MinPlayers, MaxPlayers))
	}
	for _, p := range s.Players {
		v = append(v, negatives(p)...)
	}
	t := totals(s.Players)
	v = append(v, componentTotals(t)...)
	// ruling G-3: every violation is listed, so a count past the box
	// (component_total) is checked against the ADH-3 bounds too.
	bound := tooManyTaken(s.Options.Variant, t)
	v = append(v, bound...)
	// ruling ADH-3: a standard game is over only when a refill failed.
	// Ruling G-3 skips this check only for a game that handed out more
	// characters or wonderhats than it can (the box or the ADH-3 bounds):
	// such a game is not also "not over".
	if len(bound) == 0 && !t.pastBox() && !Over(s.Options.Variant, t.Characters, t.Wonderhats) {
		v = append(v, scoring.Violationf("game_not_over", "", "ADH-3", "%s and %s were taken: a standard game ends at the first refill that cannot be done, so it needs %d characters taken (no character left to refill) or %d characters and wonderhats together (no hat left); if you played on until 3 characters were left, choose that variant", characters(t.Characters), wonderhats(t.Wonderhats), MaxMatches, MaxTakes))
	}
	return v
}

// Over reports whether a game in variant with m characters and w
// wonderhats taken in all has ended (ruling ADH-3). The three_left end is
// declared by the table, so such a game is always over.
func Over(variant string, m, w int) bool {
	if variant == ThreeLeft {
		return true
	}
	return m == MaxMatches || m+w == MaxTakes
}

// negatives reports counts below zero (ruling ADH-1: counts of cards).
func negatives(p Player) []scoring.Violation {
	var v []scoring.Violation
	for _, f := range []struct {
		what scoring.Phrase
		n    int
	}{{scoring.Phrasef("characters"), p.Characters}, {scoring.Phrasef("wonderhats"), p.Wonderhats}, {scoring.Phrasef("bald heads"), p.BaldHeads}} {
		if f.n < 0 {
			v = append(v, scoring.Violationf("negative_count", p.Name, "ADH-1", "%s: %d %s; a count of cards cannot be below 0", scoring.Name(p.Name), f.n, f.what))
		}
	}
	return v
}

// tally is what the whole table holds; negative counts add nothing.
type tally struct{ Characters, Wonderhats, BaldHeads int }

func totals(ps []Player) tally {
	var t tally
	for _, p := range ps {
		t.Characters += max(0, p.Characters)
		t.Wonderhats += max(0, p.Wonderhats)
		t.BaldHeads += max(0, p.BaldHeads)
	}
	return t
}

// pastBox reports more characters or wonderhats at the table than the box
// holds: the counts the ADH-3 end is read from (ruling ADH-1).
func (t tally) pastBox() bool {
	return t.Characters > TotalCharacters || t.Wonderhats > TotalWonderhats
}

// componentTotals reports more of a component at the table than the box
// holds (ruling ADH-1).
func componentTotals(t tally) []scoring.Violation {
	var v []scoring.Violation
	for _, c := range []struct {
		what     scoring.Phrase
		n, limit int
	}{{scoring.Phrasef("characters"), t.Characters, TotalCharacters}, {scoring.Phrasef("wonderhats"), t.Wonderhats, TotalWonderhats}, {scoring.Phrasef("bald heads"), t.BaldHeads, TotalBaldHeads}} {
		if c.n > c.limit {
			v = append(v, scoring.Violationf("component_total", "", "ADH-1", "the players hold %d %s together, but the game has only %d", c.n, c.what, c.limit))
		}
	}
	return v
}

// tooManyTaken checks the ADH-3 bounds on what a game can hand out before
// it ends.
func tooManyTaken(variant string, t tally) []scoring.Violation {
	m, w := t.Characters, t.Wonderhats
	bad := func(format string, args ...any) []scoring.Violation {
		return []scoring.Violation{scoring.Violationf("too_many_taken", "", "ADH-3", format, args...)}
	}
	if variant == ThreeLeft {
		if m > MaxMatchesThreeLeft {
			return bad("%d characters were taken, but playing on until 3 characters with hats remain leaves at most %d to take", m, MaxMatchesThreeLeft)
		}
		return nil
	}
	switch {
	case m > MaxMatches:
		return bad("%d characters were taken, but a standard game hands out at most %d: %d in the pile after setup, plus the match whose refill fails and ends the game", m, MaxMatches, CharacterPile)
	case m+w > MaxTakes:
		return bad("%s and %s were taken (%d hats), but a standard game hands out at most %d hats: %d in the pile after setup, plus the take whose refill fails and ends the game", characters(m), wonderhats(w), m+w, MaxTakes, HatPile)
	}
	return nil
}

// characters and wonderhats are counts as phrase arguments: "1
// character", "12 characters".
func characters(n int) scoring.Phrase { return scoring.Count(n, "1 character", "%d characters") }
func wonderhats(n int) scoring.Phrase { return scoring.Count(n, "1 wonderhat", "%d wonderhats") }
