package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"
)

// MaxBody is the largest request body an engine reads (API.md: 1 MiB).
const MaxBody = 1 << 20

// InputError says a body is not a game state at all: which field and why.
// It is API.md's 400 answer.
type InputError struct {
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	// Phrase is Message before formatting (Errorf), so a page can say it
	// in the reader's language; the API answers Message.
	Phrase Phrase `json:"-"`
}

// Text is Error as a Phrase: the field (as it is) and the message.
func (e *InputError) Text() Phrase {
	if e.Field == "" {
		return e.Phrase
	}
	return Phrasef("%s: %s", Name(e.Field), e.Phrase)
}

// ErrorText is err's Error as a Phrase: an *InputError's Text, any other
// error's text as it is.
func ErrorText(err error) Phrase {
	if in, ok := err.(*InputError); ok {
		return in.Text()
	}
	return Phrasef("%s", Name(err.Error()))
}

func (e *InputError) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// Refield returns err's *InputError moved to field, keeping its message
// and the format it came from; any other error becomes an input error on
// field with its text (so bad input never turns into a server error).
func Refield(err error, field string) *InputError {
	in, ok := err.(*InputError)
	if !ok {
		return Errorf(field, "%s", Name(err.Error()))
	}
	moved := *in
	moved.Field = field
	return &moved
}

// Errorf returns an *InputError for field with its message formatted
// from format (a message id, as in Phrasef) and args.
func Errorf(field, format string, args ...any) *InputError {
	p := Phrasef(format, args...)
	return &InputError{Field: field, Message: p.String(), Phrase: p}
}

// Decode reads data strictly into v: unknown fields, wrong types, trailing
// data and bodies over MaxBody are *InputError naming the field, prefixed
// with prefix (e.g. "players[1]") so nested decoders can report full paths.
func Decode(data []byte, v any, prefix string) error {
	if len(data) > MaxBody {
		return Errorf(prefix, "body is larger than 1 MiB")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err, prefix)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Errorf(prefix, "unexpected data after the JSON value")
	}
	return nil
}

func jsonError(err error, prefix string) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return Errorf(prefix, "invalid JSON at byte %d: %s", syntax.Offset, Name(syntax.Error()))
	case errors.As(err, &typ):
		var want any = Name(typ.Type.String())
		switch typ.Type.Kind() {
		case reflect.Int, reflect.Int64:
			want = Phrasef("a whole number")
		case reflect.String:
			want = Phrasef("a string")
		case reflect.Slice:
			want = Phrasef("a list")
		case reflect.Map, reflect.Struct:
			want = Phrasef("an object")
		case reflect.Bool:
			want = Phrasef("true or false")
		}
		return Errorf(Join(prefix, typ.Field), "must be %s, not a JSON %s", want, Name(typ.Value))
	case errors.Is(err, io.EOF):
		return Errorf(prefix, "empty body: a JSON object is required")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return Errorf(prefix, "invalid JSON: unexpected end of input")
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		name = strings.Trim(name, `"`)
		return Errorf(Join(prefix, name), "unknown field %q", Name(name))
	}
	return Errorf(prefix, "%s", Name(strings.TrimPrefix(msg, "json: ")))
}

// Join builds a field path: Join("players[1]", "display.red").
func Join(prefix, field string) string {
	switch {
	case prefix == "":
		return field
	case field == "":
		return prefix
	}
	return prefix + "." + field
}

// Index builds an indexed field path: Index("players", 1) = "players[1]".
func Index(field string, i int) string {
	return fmt.Sprintf("%s[%d]", field, i)
}

// CheckNames reports a missing, too long or duplicate player name, or one
// holding control or text-direction characters (PlainText): the 400 cases
// API.md lists for every game. field is the list's path. It allocates
// only to report a problem (and for more than 8 names).
func CheckNames(field string, names []string) error {
	if len(names) > 8 {
		return checkManyNames(field, names)
	}
	// A table's few names are compared pair by pair, which allocates
	// nothing (a score check runs this every time).
	var trimmed [8]string
	for i, n := range names {
		t := strings.TrimSpace(n)
		if err := checkName(field, i, t); err != nil {
			return err
		}
		for _, prev := range trimmed[:i] {
			if sameName(prev, t) {
				return Errorf(nameField(field, i), "%q is already a player's name: names must differ", Name(t))
			}
		}
		trimmed[i] = t
	}
	return nil
}

// checkManyNames is CheckNames for long lists, with a set of the names
// seen so far.
func checkManyNames(field string, names []string) error {
	seen := make(map[string]bool, len(names))
	for i, n := range names {
		t := strings.TrimSpace(n)
		if err := checkName(field, i, t); err != nil {
			return err
		}
		if seen[strings.ToLower(t)] {
			return Errorf(nameField(field, i), "%q is already a player's name: names must differ", Name(t))
		}
		seen[strings.ToLower(t)] = true
	}
	return nil
}

// checkName checks one trimmed name, the i-th of list field.
func checkName(field string, i int, trimmed string) error {
	switch {
	case trimmed == "":
		return Errorf(nameField(field, i), "a player needs a name")
	case utf8.RuneCountInString(trimmed) > MaxNameLen:
		return Errorf(nameField(field, i), "a name is at most %d characters", MaxNameLen)
	}
	if r, bad := Unwritable(trimmed); bad {
		return Errorf(nameField(field, i), "a name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)", CodePoint(r))
	}
	return nil
}

func nameField(field string, i int) string { return Join(Index(field, i), "name") }

// sameName reports whether two names are one: equal in lower case
// (strings.ToLower), compared without allocating when both are ASCII.
func sameName(a, b string) bool {
	if !isASCII(a) || !isASCII(b) {
		// Not strings.EqualFold, which also takes ς and σ as one: the
		// answer stays the one of the lower-cased set (checkManyNames).
		//lint:ignore SA6005 the comparison is lower case on purpose
		return strings.ToLower(a) == strings.ToLower(b)
	}
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// PlainText reports whether s is valid UTF-8 holding nothing Unwritable:
// no control characters (NUL, newlines, escapes …), no invisible ones
// (among them the marks that turn the direction of the text around them,
// U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C: a name holding
// one could make another player's name or the score beside it read
// backwards), no private-use characters or noncharacters.
func PlainText(s string) bool {
	_, bad := Unwritable(s)
	return !bad
}

// MaxNameLen bounds player names everywhere (forms, API, imports).
const MaxNameLen = 40

// DecodeRequest reads the envelope every score request shares — a list of
// players and the table's options — decoding each player with decode
// (given its path, "players[1]") and checking the names with CheckNames.
// The options come back raw for the game to read (DecodeOptions).
func DecodeRequest[P any](body []byte, decode func(raw []byte, field string) (P, error), name func(P) string) ([]P, json.RawMessage, error) {
	return DecodeRequestAt(body, "", decode, name)
}

// DecodeRequestAt is DecodeRequest for an envelope that sits at path
// prefix of a larger request (e.g. "round", so errors name
// round.players[1].cards[0]).
func DecodeRequestAt[P any](body []byte, prefix string, decode func(raw []byte, field string) (P, error), name func(P) string) ([]P, json.RawMessage, error) {
	var top struct {
		Players []json.RawMessage `json:"players"`
		Options json.RawMessage   `json:"options"`
	}
	if err := Decode(body, &top, prefix); err != nil {
		return nil, nil, err
	}
	list := Join(prefix, "players")
	players := make([]P, len(top.Players))
	names := make([]string, len(top.Players))
	for i, raw := range top.Players {
		p, err := decode(raw, Index(list, i))
		if err != nil {
			return nil, nil, err
		}
		players[i], names[i] = p, name(p)
	}
	if err := CheckNames(list, names); err != nil {
		return nil, nil, err
	}
	return players, top.Options, nil
}

// DecodeInto decodes a JSON value strictly into a new P: the decode func
// of DecodeRequest for players that need nothing more.
func DecodeInto[P any](raw []byte, field string) (P, error) {
	var p P
	err := Decode(raw, &p, field)
	return p, err
}

// DecodeOptions reads "options" into v; absent or null leaves v as it is
// (the game's defaults).
func DecodeOptions(raw json.RawMessage, v any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return Decode(raw, v, "options")
}
