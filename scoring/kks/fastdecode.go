package kks

import (
	"strings"
	"unicode/utf8"

	"tablemate/scoring"
)

// decodeFast reads the common, well-formed request in one pass over the
// bytes, without encoding/json's reflection: players with a name, tokens
// and a display, and optionally the special cards. It gives up (ok false)
// on anything else — escapes in strings, null, adjustments, a key in
// another case, a repeated key, a number that is not a plain integer
// within ±scoring.MaxCount, a stack the notation's fast reading does not
// take, any input error — and Decode then reads the body with
// scoring.Decode, which says what is wrong. When it succeeds its State is
// exactly the one scoring.Decode's reading gives (FuzzCheck compares the
// two).
func decodeFast(body []byte) (State, bool) {
	var buf [4][4]Stack
	s, ds, ok := decodeStacks(body, buf[:0])
	if !ok {
		return State{}, false
	}
	for i := range s.Players {
		s.Players[i].Display = displayOf(ds[i])
	}
	return s, true
}

// displayOf is a display as State keeps it: the non-empty stacks by colour.
func displayOf(d [4]Stack) map[Colour]Stack {
	m := make(map[Colour]Stack, 4)
	for i, c := range colourOrder() {
		if len(d[i]) > 0 {
			m[c] = d[i]
		}
	}
	return m
}

// decodeStacks is decodeFast's reading with each player's stacks in
// colourOrder, appended to buf, and the players' Display left nil: a
// score check (Engine.Check) needs no map of them.
func decodeStacks(body []byte, buf [][4]Stack) (State, [][4]Stack, bool) {
	if len(body) > scoring.MaxBody {
		return State{}, nil, false
	}
	d := fastDecoder{b: body}
	var s State
	var typed [4]string
	names := typed[:0] // the names as typed, for CheckNames
	seenPlayers, seenOptions := false, false
	ok := d.object(func(key []byte) bool {
		switch {
		case string(key) == "players" && !seenPlayers:
			seenPlayers = true
			if !d.next('[') {
				return false
			}
			s.Players = make([]Player, 0, 4)
			if d.next(']') {
				return true
			}
			for {
				p, raw, stacks, ok := d.player()
				if !ok {
					return false
				}
				s.Players = append(s.Players, p)
				names = append(names, raw)
				buf = append(buf, stacks)
				if d.next(',') {
					continue
				}
				return d.next(']')
			}
		case string(key) == "options" && !seenOptions:
			seenOptions = true
			seenCards := false
			return d.object(func(key []byte) bool {
				if string(key) != "special_cards" || seenCards {
					return false
				}
				seenCards = true
				return d.ints(&s.SpecialCards)
			})
		}
		return false
	})
	if !ok || !seenPlayers || !d.end() || scoring.CheckNames("players", names) != nil {
		return State{}, nil, false
	}
	return s, buf, true
}

// fastDecoder walks JSON bytes; every method reports false for input it
// does not take, and the caller gives up.
type fastDecoder struct {
	b     []byte
	i     int
	cards []StackCard // one backing array for every stack of the state
}

func (d *fastDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// next takes the byte c after any white space.
func (d *fastDecoder) next(c byte) bool {
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	d.space()
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	return false
}

// end reports whether only white space is left.
func (d *fastDecoder) end() bool {
	d.space()
	return d.i == len(d.b)
}

// object reads {"key": value, …}, handing each key to field, which reads
// the value.
func (d *fastDecoder) object(field func(key []byte) bool) bool {
	if !d.next('{') {
		return false
	}
	if d.next('}') {
		return true
	}
	for {
		key, ok := d.str()
		if !ok || !d.next(':') || !field(key) {
			return false
		}
		if d.next(',') {
			continue
		}
		return d.next('}')
	}
}

// str reads a string without escapes or control characters, in valid
// UTF-8 (encoding/json would replace invalid bytes).
func (d *fastDecoder) str() ([]byte, bool) {
	if !d.next('"') {
		return nil, false
	}
	ascii := true
	for j := d.i; j < len(d.b); j++ {
		switch c := d.b[j]; {
		case c == '"':
			v := d.b[d.i:j]
			if !ascii && !utf8.Valid(v) {
				return nil, false
			}
			d.i = j + 1
			return v, true
		case c == '\\' || c < 0x20:
			return nil, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, false
}

// int reads a plain JSON integer within ±scoring.MaxCount (ruling G-1;
// beyond it scoring.Decode names the field).
func (d *fastDecoder) int() (int, bool) {
	d.space()
	j, neg := d.i, false
	if j < len(d.b) && d.b[j] == '-' {
		j, neg = j+1, true
	}
	start, n := j, 0
	for ; j < len(d.b) && d.b[j] >= '0' && d.b[j] <= '9'; j++ {
		n = n*10 + int(d.b[j]-'0')
	}
	digits := j - start
	if digits == 0 || digits > 9 || digits > 1 && d.b[start] == '0' || n > scoring.MaxCount {
		return 0, false
	}
	if j < len(d.b) && (d.b[j] == '.' || d.b[j] == 'e' || d.b[j] == 'E') {
		return 0, false // not a whole number: encoding/json names the field
	}
	d.i = j
	if neg {
		n = -n
	}
	return n, true
}

// ints reads a list of integers; [] is an empty list, as encoding/json
// gives it.
func (d *fastDecoder) ints(out *[]int) bool {
	if !d.next('[') {
		return false
	}
	*out = []int{}
	if d.next(']') {
		return true
	}
	for {
		n, ok := d.int()
		if !ok {
			return false
		}
		*out = append(*out, n)
		if d.next(',') {
			continue
		}
		return d.next(']')
	}
}

// player reads one player; raw is the name as typed (CheckNames reads
// it), the Player's name is trimmed, and its stacks come in colourOrder
// (its Display is left nil).
func (d *fastDecoder) player() (p Player, raw string, stacks [4]Stack, ok bool) {
	var seen [3]bool // name, tokens, display
	ok = d.object(func(key []byte) bool {
		switch string(key) {
		case "name":
			v, ok := d.str()
			if !ok || seen[0] {
				return false
			}
			seen[0], raw = true, string(v)
			p.Name = strings.TrimSpace(raw)
			return true
		case "tokens":
			n, ok := d.int()
			if !ok || seen[1] {
				return false
			}
			seen[1], p.Tokens = true, n
			return true
		case "display":
			if seen[2] {
				return false
			}
			seen[2] = true
			return d.display(&stacks)
		}
		return false
	})
	return p, raw, stacks, ok
}

// display reads {"red": "1 5 7", …}: only the four colours, written in
// lower case, each once.
func (d *fastDecoder) display(into *[4]Stack) bool {
	var seen [4]bool
	return d.object(func(key []byte) bool {
		i := colourIndex(key)
		if i < 0 || seen[i] {
			return false
		}
		seen[i] = true
		v, ok := d.str()
		if !ok {
			return false
		}
		start := len(d.cards)
		if !d.stack(v) {
			return false
		}
		if len(d.cards) > start {
			into[i] = d.cards[start:len(d.cards):len(d.cards)]
		}
		return true
	})
}

// colourIndex is a colour's place in colourOrder, -1 for anything else.
func colourIndex(key []byte) int {
	switch string(key) {
	case "red":
		return 0
	case "yellow":
		return 1
	case "black":
		return 2
	case "blue":
		return 3
	}
	return -1
}

// stack reads the stack notation as ParseStack does, appending to
// d.cards; it gives up on non-ASCII text (ParseStack splits at Unicode
// spaces too) and on any token ParseStack would refuse.
func (d *fastDecoder) stack(v []byte) bool {
	if d.cards == nil {
		// The deck's 40 cards, fewer for a short body: a state takes
		// about 8 bytes of JSON per card or more (names, keys, quotes);
		// a denser one only makes append grow the list.
		d.cards = make([]StackCard, 0, min(40, len(d.b)/8))
	}
	for i := 0; i < len(v); {
		if v[i] == ' ' {
			i++
			continue
		}
		j := i
		for ; j < len(v) && v[j] != ' '; j++ {
			if v[j] >= utf8.RuneSelf {
				return false
			}
		}
		tok := v[i:j]
		i = j
		c := StackCard{}
		if tok[0] == 'x' || tok[0] == 'X' {
			c.FaceDown, tok = true, tok[1:]
			if len(tok) == 0 {
				c.Unknown = true
				d.cards = append(d.cards, c)
				continue
			}
		}
		n, ok := stackValue(tok)
		if !ok {
			return false
		}
		c.Value = n
		d.cards = append(d.cards, c)
	}
	return true
}

// stackValue is parseValue on bytes: one optional sign, then digits, at
// most 9 of them significant.
func stackValue(num []byte) (int, bool) {
	neg := false
	if len(num) > 0 && (num[0] == '+' || num[0] == '-') {
		neg, num = num[0] == '-', num[1:]
	}
	if len(num) == 0 {
		return 0, false
	}
	n, significant := 0, 0
	for _, c := range num {
		if c < '0' || c > '9' {
			return 0, false
		}
		if n > 0 || c != '0' {
			significant++
		}
		n = n*10 + int(c-'0')
	}
	if significant > 9 {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}
