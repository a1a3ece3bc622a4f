// Package kks is the rules engine of Koffer, Katze & Sombrero: stacks in
// the score-check notation, every check of rulings KKS-1..KKS-6, scores
// with a breakdown per colour, and the step rules of guided play.
package kks

import (
	"fmt"
	"strconv"
	"strings"

	"tablemate/scoring"
)

// Colour is one of the four card colours.
type Colour string

// The colours, in the order displays are shown.
const (
	Red    Colour = "red"
	Yellow Colour = "yellow"
	Black  Colour = "black"
	Blue   Colour = "blue"
)

// Colours returns the four colours in display order.
func Colours() []Colour { c := colourOrder(); return c[:] }

// colourOrder is Colours as an array, which costs no allocation.
func colourOrder() [4]Colour { return [4]Colour{Red, Yellow, Black, Blue} }

// Word is the colour as a Phrase argument: a catalog word a page says in
// its language ("Rot"); a colour the game lacks is shown as it is.
func (c Colour) Word() scoring.Phrase {
	switch c {
	case Red:
		return scoring.Phrasef("red")
	case Yellow:
		return scoring.Phrasef("yellow")
	case Black:
		return scoring.Phrasef("black")
	case Blue:
		return scoring.Phrasef("blue")
	}
	return scoring.Phrasef("%s", scoring.Name(c))
}

// ParseColour reads a colour name.
func ParseColour(s string) (Colour, bool) {
	for _, c := range colourOrder() {
		if strings.EqualFold(s, string(c)) {
			return c, true
		}
	}
	return "", false
}

// Card is one number card (ruling KKS-1: values 1–10 in four colours).
type Card struct {
	Colour Colour
	Value  int
}

// ParseCard reads "red 10".
func ParseCard(s string) (Card, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return Card{}, fmt.Errorf("%q is not a card: write a colour and a value, like \"red 10\"", s)
	}
	c, ok := ParseColour(f[0])
	if !ok {
		return Card{}, fmt.Errorf("%q is not a colour: red, yellow, black or blue", f[0])
	}
	v, err := strconv.Atoi(f[1])
	if err != nil || v < 1 || v > 10 {
		return Card{}, fmt.Errorf("%q is not a card value: 1 to 10", f[1])
	}
	return Card{Colour: c, Value: v}, nil
}

// String formats the card as ParseCard reads it: "red 10".
func (c Card) String() string { return string(c.Colour) + " " + strconv.Itoa(c.Value) }

// StackCard is one card in a display stack: face up with its Value, or
// face down, of known Value ("x4", read like a face-up card, ruling
// KKS-1) or Unknown ("x", Value 0).
type StackCard struct {
	Value    int
	FaceDown bool
	Unknown  bool // a face-down card of unknown value (x)
}

// String formats the card in the stack notation: "4", "x" or "x4".
func (c StackCard) String() string {
	switch {
	case !c.FaceDown:
		return strconv.Itoa(c.Value)
	case c.Unknown:
		return "x"
	}
	return "x" + strconv.Itoa(c.Value)
}

// Stack is one colour's cards, bottom to top.
type Stack []StackCard

// ParseStack reads the notation "4 6 x 5": numbers are face-up cards, "x"
// a face-down card of unknown value, "x3" a face-down 3; tokens are
// separated by any whitespace. A face-down card of known value is read
// like a face-up one (ruling KKS-1): readable numbers outside 1–10
// ("11", "0", "x0", "x12", "-1") are kept for the card_value check;
// anything else is an error naming the token.
func ParseStack(s string) (Stack, error) {
	var st Stack
	for _, tok := range strings.Fields(s) {
		c := StackCard{}
		num := tok
		if rest, ok := strings.CutPrefix(tok, "x"); ok {
			c.FaceDown, num = true, rest
		} else if rest, ok := strings.CutPrefix(tok, "X"); ok {
			c.FaceDown, num = true, rest
		}
		if c.FaceDown && num == "" {
			c.Unknown = true
			st = append(st, c)
			continue
		}
		v, err := parseValue(num)
		if err != nil {
			return nil, scoring.Errorf("", "%q is not a card: write a value (4), x for a face-down card, or x4 for a face-down 4", tok)
		}
		c.Value = v
		st = append(st, c)
	}
	return st, nil
}

// parseValue reads an optionally signed decimal number of at most 9
// significant digits, so any readable number fits an int on every platform.
func parseValue(num string) (int, error) {
	digits := strings.TrimLeft(num, "+-")
	if len(num)-len(digits) > 1 || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, fmt.Errorf("not a number")
	}
	if len(strings.TrimLeft(digits, "0")) > 9 {
		return 0, fmt.Errorf("too large")
	}
	return strconv.Atoi(num)
}

// String formats the stack back into the notation.
func (s Stack) String() string {
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}
