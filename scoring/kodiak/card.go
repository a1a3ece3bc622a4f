package kodiak

import (
	"tablemate/scoring/cambio"
)

// HairballToken is the token a table might type for a hairball. Kodiak
// reads it (so the answer can point to the counters) but never gives it a
// card value (ruling KOD-2).
const HairballToken = "hairball"

// Card is one table card as entered: a Cambio card (ruling CAM-1: the same
// deck and tokens) or a hairball typed among the cards. For a hairball the
// embedded cambio.Card is the zero card and means nothing; use Value,
// String and Title, which know about hairballs.
type Card struct {
	cambio.Card
	Hairball bool
}

// ParseCard reads a card token as cambio.ParseCard does, and also
// "hairball" (any case, surrounding spaces), which is reported by Score as
// hairball_as_card and worth 0 (ruling KOD-2).
func ParseCard(token string) (Card, error) {
	if cambio.Normalize(token) == HairballToken {
		return Card{Hairball: true}, nil
	}
	c, err := cambio.ParseCard(token)
	if err != nil {
		return Card{}, err
	}
	return Card{Card: c}, nil
}

// Value is the card's points: a hairball typed as a card is worth 0,
// because a hairball counts only through the counters (ruling KOD-2).
func (c Card) Value() int {
	if c.Hairball {
		return 0
	}
	return c.Card.Value()
}

// String is the card's token, which ParseCard reads back.
func (c Card) String() string {
	if c.Hairball {
		return HairballToken
	}
	return c.Card.String()
}

// Title is the card as printed for people: "Hairball", "Red King", "7".
func (c Card) Title() string {
	if c.Hairball {
		return "Hairball"
	}
	return c.Card.Title()
}

// MarshalText writes the card as its token.
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
