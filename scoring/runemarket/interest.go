package runemarket

import (
	"fmt"
	"strings"
)

// Yield is what one shelter does at the start of its owner's turn.
type Yield struct {
	// Shelter names it: "red shelter", "blue boat shelter (stand-alone)".
	Shelter string `json:"shelter"`
	Colour  string `json:"colour,omitempty"`
	// Interest is the runes of Colour the owner may take from the market.
	Interest int `json:"interest"`
	// Stolen is the runes moved from this shelter to the bandit's owner.
	Stolen int `json:"stolen"`
	// Bandit is the owner of the bandit sitting here, if any.
	Bandit string `json:"bandit,omitempty"`
	// Abandoned: the shelter goes to the discard pile, the bandit back to
	// the market.
	Abandoned bool   `json:"abandoned"`
	Reason    string `json:"reason"`
}

// InterestReport is a player's turn-start interest, shelter by shelter.
type InterestReport struct {
	// Yields lists main shelters in the player's order, then stand-alone
	// boat shelters.
	Yields []Yield `json:"yields"`
	// Interest is the runes the player may take from the market.
	Interest Runes `json:"interest"`
	// ToBandits is the runes each bandit owner receives, by name.
	ToBandits map[string]int `json:"to_bandits"`
	// Shelters are the player's main shelters after the bandits have taken
	// their runes and emptied shelters are abandoned. Where the interest
	// runes go is the player's choice, so they are not added here.
	Shelters []Shelter `json:"shelters"`
	Text     string    `json:"text"`
}

// Interest works out phase 1 of a player's turn (ruling RUN-1, rule text
// "Interest", "Bandit", "Boat Shelter"):
//   - a shelter with at least one rune yields 1 rune of its colour, 2 with a
//     boat shelter inside; an empty shelter yields nothing;
//   - a stand-alone boat shelter acts as a main shelter: 1 rune if it holds
//     one;
//   - a shelter with a bandit yields nothing: if it still holds runes the
//     bandit moves one of them to its owner; if it is already empty it is
//     abandoned (discarded) and the bandit goes back to the market. A shelter
//     the bandit empties this turn is abandoned at the next turn's start.
//
// A boat shelter found beside a bandit (which the rules do not allow) is
// treated as destroyed.
func Interest(p Player) InterestReport {
	r := InterestReport{Yields: []Yield{}, ToBandits: map[string]int{}, Shelters: []Shelter{}}
	for _, sh := range p.Shelters {
		y := Yield{Shelter: sh.Colour + " shelter", Colour: sh.Colour, Bandit: sh.Bandit}
		switch {
		case sh.Bandit != "" && sh.Runes <= 0:
			y.Abandoned = true
			y.Reason = fmt.Sprintf("%s's bandit has emptied it: the shelter is abandoned (discarded) and the bandit goes back to the market", sh.Bandit)
		case sh.Bandit != "":
			y.Stolen = 1
			r.ToBandits[sh.Bandit]++
			sh.Runes--
			sh.BoatShelter = false
			y.Reason = fmt.Sprintf("%s's bandit sits here: no interest, and it moves 1 %s rune to %s (%d left)", sh.Bandit, sh.Colour, sh.Bandit, sh.Runes)
		case sh.Runes <= 0:
			y.Reason = "no rune inside: no interest"
		case sh.BoatShelter:
			y.Interest = 2
			y.Reason = fmt.Sprintf("a boat shelter and %s inside: double interest, 2 %s runes", runes(sh.Runes), sh.Colour)
		default:
			y.Interest = 1
			y.Reason = fmt.Sprintf("%s inside: 1 %s rune", runes(sh.Runes), sh.Colour)
		}
		r.add(y)
		if !y.Abandoned {
			r.Shelters = append(r.Shelters, sh)
		}
	}
	for _, b := range p.BoatShelters {
		y := Yield{Shelter: "boat shelter (stand-alone)", Colour: b.Colour}
		if b.Colour != "" {
			y.Shelter = b.Colour + " boat shelter (stand-alone)"
		}
		if b.Runes <= 0 || b.Colour == "" {
			y.Reason = "no rune inside: no interest"
		} else {
			y.Interest = 1
			y.Reason = fmt.Sprintf("%s inside: 1 %s rune, as a main shelter", runes(b.Runes), b.Colour)
		}
		r.add(y)
	}
	r.Text = r.describe()
	return r
}

func (r *InterestReport) add(y Yield) {
	switch y.Colour {
	case Red:
		r.Interest.Red += y.Interest
	case Blue:
		r.Interest.Blue += y.Interest
	}
	r.Yields = append(r.Yields, y)
}

func (r InterestReport) describe() string {
	var parts []string
	if r.Interest.Red > 0 {
		parts = append(parts, fmt.Sprintf("%d red", r.Interest.Red))
	}
	if r.Interest.Blue > 0 {
		parts = append(parts, fmt.Sprintf("%d blue", r.Interest.Blue))
	}
	text := "No interest this turn."
	if len(parts) > 0 {
		word := "runes"
		if r.Interest.Red+r.Interest.Blue == 1 {
			word = "rune"
		}
		text = "Take " + strings.Join(parts, " and ") + " " + word + " from the market as interest."
	}
	for _, y := range r.Yields {
		text += " " + capital(y.Shelter) + ": " + y.Reason + "."
	}
	return text
}

func runes(n int) string {
	if n == 1 {
		return "1 rune"
	}
	return fmt.Sprintf("%d runes", n)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
