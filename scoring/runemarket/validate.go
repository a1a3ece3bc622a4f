package runemarket

import (
	"fmt"
	"strings"

	"tablemate/scoring"
)

// Player range printed on the rules (ruling RUN-1).
const (
	MinPlayers = 2
	MaxPlayers = 5
)

// MaxNumberCard is the highest number card value accepted (ruling CAM-1).
const MaxNumberCard = 13

// Validate lists every structural rule the state breaks, in a stable order:
// table-wide checks first, then player by player. The rock-paper-scissors
// entry is checked by the tie-break (see tiebreak.go).
func Validate(s State) []scoring.Violation {
	v := []scoring.Violation{}
	// ruling RUN-1: The Rune Market is for 2–5 players.
	if n := len(s.Players); n < MinPlayers || n > MaxPlayers {
		v = append(v, scoring.Violation{
			Code: "player_count", Rule: "RUN-1",
			Message: fmt.Sprintf("The Rune Market is for %d–%d players, not %d", MinPlayers, MaxPlayers, n),
		})
	}
	for _, p := range s.Players {
		v = append(v, checkCounts(p)...)
		v = append(v, checkShelters(p)...)
		v = append(v, checkBandits(s, p)...)
	}
	return v
}

func violation(code string, p Player, rule, format string, args ...any) scoring.Violation {
	return scoring.Violation{Code: code, Player: p.Name, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// checkCounts reports negative counts and an impossible number card.
func checkCounts(p Player) []scoring.Violation {
	var v []scoring.Violation
	neg := func(what string, n int) {
		// ruling RUN-1: runes are cards; a count is 0 or more.
		if n < 0 {
			v = append(v, violation("negative_count", p, "RUN-1", "%s: %s is %d; a count of cards cannot be below 0", p.Name, what, n))
		}
	}
	neg("loose red runes", p.Runes.Red)
	neg("loose blue runes", p.Runes.Blue)
	for i, sh := range p.Shelters {
		neg(fmt.Sprintf("runes in %s shelter %d", sh.Colour, i+1), sh.Runes)
	}
	for i, b := range p.BoatShelters {
		neg(fmt.Sprintf("runes in stand-alone boat shelter %d", i+1), b.Runes)
	}
	if c := p.HighestNumberCard; c != nil {
		// ruling CAM-1: number cards are 0–13.
		switch {
		case *c < 0:
			neg("the highest number card", *c)
		case *c > MaxNumberCard:
			v = append(v, violation("card_value", p, "CAM-1", "%s: the highest number card is %d, but number cards go from 0 to %d", p.Name, *c, MaxNumberCard))
		}
	}
	return v
}

// checkShelters enforces the shelter limits (ruling RUN-1, rule text
// "Red and Blue Shelters" I and "Boat Shelter"): at most one main shelter
// of each colour; a boat shelter inside a main shelter shares its colour and
// a bandit destroys it; a stand-alone boat shelter stands in for a missing
// main shelter, so it needs a free colour.
func checkShelters(p Player) []scoring.Violation {
	var v []scoring.Violation
	mains := map[string]int{}
	for _, sh := range p.Shelters {
		mains[sh.Colour]++
		// ruling RUN-1: "A bandit who finds a Boat Shelter automatically
		// destroys it", so the two never share a shelter.
		if sh.Bandit != "" && sh.BoatShelter {
			v = append(v, violation("bandit_with_boat_shelter", p, "RUN-1",
				"%s: the %s shelter holds both a boat shelter and %s's bandit; a bandit destroys the boat shelter it finds (it goes back to the market)",
				p.Name, sh.Colour, sh.Bandit))
		}
	}
	for _, c := range []string{Red, Blue} {
		// ruling RUN-1: at most one red and one blue main shelter.
		if mains[c] > 1 {
			v = append(v, violation("shelter_limit", p, "RUN-1",
				"%s has %d %s shelters; a player may have at most one red and one blue shelter", p.Name, mains[c], c))
		}
	}
	free := 0
	for _, c := range []string{Red, Blue} {
		if mains[c] == 0 {
			free++
		}
	}
	// ruling RUN-1: a stand-alone boat shelter is used as a main shelter
	// "if you do not have 1 of each": one per missing colour, never two of
	// a colour, never beside a main shelter of its colour.
	if n := len(p.BoatShelters); n > free {
		v = append(v, violation("boat_shelter_limit", p, "RUN-1",
			"%s has %s but %s; a boat shelter stands alone only in place of a missing main shelter (at most two shelters in all), otherwise it goes inside a main shelter",
			p.Name, plural(n, "stand-alone boat shelter"), mainsPhrase(mains)))
	}
	standing := map[string]int{}
	for _, b := range p.BoatShelters {
		if b.Colour != "" {
			standing[b.Colour]++
		}
	}
	for _, c := range []string{Red, Blue} {
		// ruling G-3: checked even when there are too many stand-alone
		// boat shelters in all (above): both are broken rules.
		if standing[c] > 0 && standing[c]+mains[c] > 1 {
			v = append(v, violation("boat_shelter_limit", p, "RUN-1",
				"%s has %d %s shelters counting stand-alone %s boat shelters; a player may have only one shelter of each colour",
				p.Name, standing[c]+mains[c], c, c))
		}
	}
	return v
}

func mainsPhrase(mains map[string]int) string {
	var have []string
	for _, c := range []string{Red, Blue} {
		if mains[c] > 0 {
			have = append(have, c)
		}
	}
	switch len(have) {
	case 0:
		return "no main shelter"
	case 1:
		return "a " + have[0] + " main shelter"
	}
	return "both main shelters"
}

// checkBandits: a bandit is bought and placed "in any other player's
// shelter" (ruling RUN-1), so its owner is another player at the table.
func checkBandits(s State, p Player) []scoring.Violation {
	var v []scoring.Violation
	for _, sh := range p.Shelters {
		if sh.Bandit == "" {
			continue
		}
		owner, ok := findPlayer(s, sh.Bandit)
		switch {
		case !ok:
			v = append(v, violation("bandit_owner", p, "RUN-1",
				"%s: the bandit in the %s shelter belongs to %q, who is not at the table", p.Name, sh.Colour, sh.Bandit))
		case owner == p.Name:
			v = append(v, violation("bandit_owner", p, "RUN-1",
				"%s: the bandit in the %s shelter is %s's own; a bandit is placed in another player's shelter", p.Name, sh.Colour, p.Name))
		}
	}
	return v
}

// findPlayer finds a player by name the way names are compared at the
// table (case and surrounding spaces ignored) and returns the name as given.
func findPlayer(s State, name string) (string, bool) {
	name = strings.TrimSpace(name)
	for _, p := range s.Players {
		if strings.EqualFold(strings.TrimSpace(p.Name), name) {
			return p.Name, true
		}
	}
	return "", false
}
