package runemarket

import (
	"unicode"
	"unicode/utf8"

	"tablemate/scoring"
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
	// Name and Why are Shelter and Reason as phrases, so a page says them
	// in its reader's language; the API answers the English.
	Name, Why scoring.Phrase `json:"-"`
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
	// Sum is Text's first sentence (the interest in all) as a phrase, so
	// a page says it in its reader's language.
	Sum scoring.Phrase `json:"-"`
	// Skipped: the report was Empty, so guided play took it by itself at
	// the start of the turn, with no step (Position.Apply).
	Skipped bool `json:"skipped,omitempty"`
}

// Empty reports that phase 1 has nothing to do: no rune of interest, no
// rune moved by a bandit, no shelter abandoned.
func (r InterestReport) Empty() bool {
	if r.Interest.Red+r.Interest.Blue > 0 || len(r.ToBandits) > 0 {
		return false
	}
	for _, y := range r.Yields {
		if y.Abandoned || y.Stolen > 0 {
			return false
		}
	}
	return true
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
		y := Yield{Name: byColour(sh.Colour, scoring.Phrasef("red shelter"), scoring.Phrasef("blue shelter")), Colour: sh.Colour, Bandit: sh.Bandit}
		bandit := scoring.Name(sh.Bandit)
		switch {
		case sh.Bandit != "" && sh.Runes <= 0:
			y.Abandoned = true
			y.Why = scoring.Phrasef("%s's bandit has emptied it: the shelter is abandoned (discarded) and the bandit goes back to the market", bandit)
		case sh.Bandit != "":
			y.Stolen = 1
			r.ToBandits[sh.Bandit]++
			sh.Runes--
			sh.BoatShelter = false
			y.Why = byColour(sh.Colour,
				scoring.Phrasef("%[1]s's bandit sits here: no interest, and it moves 1 red rune to %[1]s (%[2]d left)", bandit, sh.Runes),
				scoring.Phrasef("%[1]s's bandit sits here: no interest, and it moves 1 blue rune to %[1]s (%[2]d left)", bandit, sh.Runes))
		case sh.Runes <= 0:
			y.Why = scoring.Phrasef("no rune inside: no interest")
		case sh.BoatShelter:
			y.Interest = 2
			y.Why = byColour(sh.Colour,
				runes(sh.Runes, scoring.Phrasef("a boat shelter and 1 rune inside: double interest, 2 red runes"), "a boat shelter and %d runes inside: double interest, 2 red runes"),
				runes(sh.Runes, scoring.Phrasef("a boat shelter and 1 rune inside: double interest, 2 blue runes"), "a boat shelter and %d runes inside: double interest, 2 blue runes"))
		default:
			y.Interest = 1
			y.Why = byColour(sh.Colour,
				runes(sh.Runes, scoring.Phrasef("1 rune inside: 1 red rune"), "%d runes inside: 1 red rune"),
				runes(sh.Runes, scoring.Phrasef("1 rune inside: 1 blue rune"), "%d runes inside: 1 blue rune"))
		}
		r.add(y)
		if !y.Abandoned {
			r.Shelters = append(r.Shelters, sh)
		}
	}
	for _, b := range p.BoatShelters {
		y := Yield{Name: scoring.Phrasef("boat shelter (stand-alone)"), Colour: b.Colour}
		if b.Colour != "" {
			y.Name = byColour(b.Colour, scoring.Phrasef("red boat shelter (stand-alone)"), scoring.Phrasef("blue boat shelter (stand-alone)"))
		}
		if b.Runes <= 0 || b.Colour == "" {
			y.Why = scoring.Phrasef("no rune inside: no interest")
		} else {
			y.Interest = 1
			y.Why = byColour(b.Colour,
				runes(b.Runes, scoring.Phrasef("1 rune inside: 1 red rune, as a main shelter"), "%d runes inside: 1 red rune, as a main shelter"),
				runes(b.Runes, scoring.Phrasef("1 rune inside: 1 blue rune, as a main shelter"), "%d runes inside: 1 blue rune, as a main shelter"))
		}
		r.add(y)
	}
	r.Sum = r.sum()
	r.Text = r.describe()
	return r
}

// byColour is red's or blue's wording of a phrase: German declines the
// colour, so each colour has its own sentence. A shelter is red or blue
// (Decode and the moves of a game see to it).
func byColour(c string, red, blue scoring.Phrase) scoring.Phrase {
	if c == Blue {
		return blue
	}
	return red
}

// runes is one for exactly 1 rune and many (formatted with n) otherwise.
func runes(n int, one scoring.Phrase, many string) scoring.Phrase {
	if n == 1 {
		return one
	}
	return scoring.Phrasef(many, n)
}

func (r *InterestReport) add(y Yield) {
	switch y.Colour {
	case Red:
		r.Interest.Red += y.Interest
	case Blue:
		r.Interest.Blue += y.Interest
	}
	y.Shelter, y.Reason = y.Name.String(), y.Why.String()
	r.Yields = append(r.Yields, y)
}

// sum says the interest in all: "Take 2 red and 1 blue runes from the
// market as interest."
func (r InterestReport) sum() scoring.Phrase {
	in := r.Interest
	switch {
	case in.Red > 0 && in.Blue > 0:
		return scoring.Phrasef("Take %d red and %d blue runes from the market as interest.", in.Red, in.Blue)
	case in.Red > 0:
		return scoring.Count(in.Red, "Take 1 red rune from the market as interest.", "Take %d red runes from the market as interest.")
	case in.Blue > 0:
		return scoring.Count(in.Blue, "Take 1 blue rune from the market as interest.", "Take %d blue runes from the market as interest.")
	}
	return scoring.Phrasef("No interest this turn.")
}

func (r InterestReport) describe() string {
	text := r.Sum.String()
	for _, y := range r.Yields {
		text += " " + capital(y.Shelter) + ": " + y.Reason + "."
	}
	return text
}

// Said is the report with its sentences said by say: each shelter's name
// and reason, and the text made of them.
func (r InterestReport) Said(say scoring.Sayer) InterestReport {
	out := r
	out.Yields = make([]Yield, len(r.Yields))
	for i, y := range r.Yields {
		if !y.Name.IsZero() {
			y.Shelter = say(y.Name)
		}
		if !y.Why.IsZero() {
			y.Reason = say(y.Why)
		}
		out.Yields[i] = y
	}
	if !r.Sum.IsZero() {
		out.Text = say(r.Sum)
		for _, y := range out.Yields {
			out.Text += " " + capital(y.Shelter) + ": " + y.Reason + "."
		}
	}
	return out
}

func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
