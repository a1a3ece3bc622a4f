package cambio

import (
	"fmt"
	"strconv"
	"strings"

	"tablemate/scoring"
)

// Kind is what a card is: a number card, one of the named cards, a
// corner value entered directly, or the sum of a player's cards entered
// at once.
type Kind int

// The kinds of card. Number holds 0–13 in Card.N; Corner holds the corner
// value a table typed in ("v:7") in Card.N.
const (
	Number Kind = iota
	RedKing
	BlueKing
	PeekMine
	PeekYours
	Swap
	Energy
	Sunlight
	Corner
	// Sum is a player's cards entered by their sum ("sum:17", ruling
	// CAM-1: a table may enter a corner value directly, here for all of a
	// player's cards at once). It stands for at least one card: the
	// checks that count cards (CAM-3, KOD-3) count it as one.
	Sum
)

// DeckSize is the Cambio deck, shared by its modes (ruling CAM-1:
// "Shuffle all 76 cards"): no player can hold more cards.
const DeckSize = 76

// Card values and ranges (ruling CAM-1).
const (
	MaxNumber   = 13 // number cards 0–13 are accepted
	MinCorner   = -2 // the lowest corner value (Red King)
	MaxCorner   = 13 // the highest corner value (Blue King, 13)
	ActionValue = 10 // Peek Mine, Peek Yours, Swap, Energy, Sunlight
)

// CornerPrefix starts a token that gives a corner value directly: "v:7"
// is a card worth 7 whatever it is.
const CornerPrefix = "v:"

// SumPrefix starts a token that gives the sum of a player's cards at
// once: "sum:17" is cards worth 17 together.
const SumPrefix = "sum:"

// The range of a Sum: every card of the 76-card deck at its lowest
// (Red King, −2) or highest (13) corner value.
const (
	MinSum = MinCorner * 76
	MaxSum = MaxCorner * 76
)

// Card is one card left in a player's table cards. The zero Card is the
// number card 0.
type Card struct {
	Kind Kind
	N    int // the number (Number), the corner value (Corner) or the sum (Sum); 0 otherwise
}

// named maps each named card's token to its kind, in NamedCards' order.
var named = []struct {
	token, title string
	kind         Kind
	value        int
}{
	{"red-king", "Red King", RedKing, -2},
	{"blue-king", "Blue King", BlueKing, 13},
	{"peek-mine", "Peek Mine", PeekMine, ActionValue},
	{"peek-yours", "Peek Yours", PeekYours, ActionValue},
	{"swap", "Swap", Swap, ActionValue},
	{"energy", "Energy", Energy, ActionValue},
	{"sunlight", "Sunlight", Sunlight, ActionValue},
}

// NamedCards returns the cards that have a name rather than a number, in
// the order a card-chip picker shows them.
func NamedCards() []Card {
	out := make([]Card, len(named))
	for i, n := range named {
		out[i] = Card{Kind: n.kind}
	}
	return out
}

// NumberCards returns the number cards 0–13 in order, for the same picker.
func NumberCards() []Card {
	out := make([]Card, MaxNumber+1)
	for i := range out {
		out[i] = Card{Kind: Number, N: i}
	}
	return out
}

// Normalize lower-cases a token, trims it and turns inner spaces and
// underscores into hyphens, so "Red King", " red_king " and "RED-KING"
// read the same.
func Normalize(token string) string {
	t := strings.ToLower(strings.TrimSpace(token))
	t = strings.Join(strings.Fields(t), "-")
	return strings.ReplaceAll(t, "_", "-")
}

// ParseCard reads one card token (ruling CAM-1): a number 0–13,
// "red-king", "blue-king", "peek-mine", "peek-yours", "swap", "energy",
// "sunlight", "v:N" for a corner value N from −2 to 13, or "sum:N" for a
// player's cards entered by their sum N. Case, surrounding
// spaces and spaces or underscores instead of hyphens are ignored.
func ParseCard(token string) (Card, error) {
	t := Normalize(token)
	if t == "" {
		return Card{}, scoring.Errorf("", "an empty card token; use a number 0–%d, a card name or %sN", MaxNumber, CornerPrefix)
	}
	for _, n := range named {
		if t == n.token {
			return Card{Kind: n.kind}, nil
		}
	}
	low := strings.ToLower(strings.TrimSpace(token))
	if v, ok := strings.CutPrefix(low, CornerPrefix); ok {
		// "−" (U+2212) is how the cards and our labels print a minus.
		n, err := strconv.Atoi(strings.Replace(strings.TrimSpace(v), "−", "-", 1))
		if err != nil || n < MinCorner || n > MaxCorner {
			return Card{}, scoring.Errorf("", "%q is not a corner value: use %s followed by a whole number from %d to %d", token, CornerPrefix, MinCorner, MaxCorner)
		}
		return Card{Kind: Corner, N: n}, nil
	}
	if v, ok := strings.CutPrefix(low, SumPrefix); ok {
		n, err := strconv.Atoi(strings.Replace(strings.TrimSpace(v), "−", "-", 1))
		if err != nil || n < MinSum || n > MaxSum {
			return Card{}, scoring.Errorf("", "%q is not a sum of cards: use %s followed by a whole number from %d to %d", token, SumPrefix, MinSum, MaxSum)
		}
		return Card{Kind: Sum, N: n}, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > MaxNumber || t[0] == '+' || t[0] == '-' {
		return Card{}, scoring.Errorf("", "%q is not a card: use a number 0–%d, one of %s, or %sN for a corner value", token, MaxNumber, scoring.Phrasef(NamedTokens), CornerPrefix)
	}
	return Card{Kind: Number, N: n}, nil
}

// NamedTokens lists the named cards' tokens, as an error names them: a
// phrase of its own, so a page says it with the tokens its reader types.
const NamedTokens = "red-king, blue-king, peek-mine, peek-yours, swap, energy, sunlight"

// Value is the card's points (ruling CAM-1).
func (c Card) Value() int {
	switch c.Kind {
	case Number, Corner, Sum:
		return c.N
	}
	for _, n := range named {
		if n.kind == c.Kind {
			return n.value
		}
	}
	return 0
}

// String is the card's token, which ParseCard reads back: "7",
// "red-king", "v:-2".
func (c Card) String() string {
	switch c.Kind {
	case Number:
		return strconv.Itoa(c.N)
	case Corner:
		return CornerPrefix + strconv.Itoa(c.N)
	case Sum:
		return SumPrefix + strconv.Itoa(c.N)
	}
	for _, n := range named {
		if n.kind == c.Kind {
			return n.token
		}
	}
	return fmt.Sprintf("Kind(%d)", int(c.Kind))
}

// Title is the card as printed for people: "7", "Red King", "value 7",
// "cards worth 17".
func (c Card) Title() string {
	switch c.Kind {
	case Number:
		return strconv.Itoa(c.N)
	case Corner:
		return "value " + Points(c.N)
	case Sum:
		return "cards worth " + Points(c.N)
	}
	for _, n := range named {
		if n.kind == c.Kind {
			return n.title
		}
	}
	return c.String()
}

// MarshalText writes the card as its token, so a State encodes as the
// request it came from.
func (c Card) MarshalText() ([]byte, error) {
	return []byte(c.String()), nil
}

// UnmarshalText reads a token with ParseCard.
func (c *Card) UnmarshalText(b []byte) error {
	card, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = card
	return nil
}

// Points prints a number of points with a true minus sign: "−2", "7".
func Points(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
