package plays

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"tablemate/scoring"
)

// jobj is one JSON object of a BG Stats file, read field by field so that
// unknown fields are skipped, the loose types BG Stats writes are accepted
// (numbers as strings, booleans as 0/1, scores as strings or numbers) and
// every error names its path in the file ("plays[3].playerScores[1].rank").
type jobj struct {
	m  map[string]json.RawMessage
	at string
}

func newObj(raw json.RawMessage, at string) (jobj, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return jobj{}, scoring.Errorf(at, "must be an object, not %s", kindOf(raw))
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return jobj{}, scoring.Errorf(at, "is not a readable object: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	return jobj{m: m, at: at}, nil
}

func (o jobj) path(key string) string { return scoring.Join(o.at, key) }

// get returns a field's value; absent and null are both "not there".
func (o jobj) get(key string) (json.RawMessage, bool) {
	v, ok := o.m[key]
	v = bytes.TrimSpace(v)
	if !ok || len(v) == 0 || string(v) == "null" {
		return nil, false
	}
	return v, true
}

func kindOf(v json.RawMessage) string {
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a text"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "a number"
}

// text reads a string field (a number is taken as its digits), trimmed and
// checked like every text of a play.
func (o jobj) text(key string, max int, lines bool) (string, error) {
	v, ok := o.get(key)
	if !ok {
		return "", nil
	}
	var s string
	switch v[0] {
	case '"':
		if err := json.Unmarshal(v, &s); err != nil {
			return "", scoring.Errorf(o.path(key), "is not a readable text")
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		s = string(v)
	default:
		return "", scoring.Errorf(o.path(key), "must be a text, not %s", kindOf(v))
	}
	s = strings.TrimSpace(s)
	if lines {
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	}
	return s, checkText(o.path(key), s, max, lines)
}

// whole reads a whole number from min to max: a JSON number (31 or 31.0)
// or a text holding one ("31"). Absent, null and "" are 0 with ok false.
func (o jobj) whole(key string, min, max int64) (int64, bool, error) {
	v, ok := o.get(key)
	if !ok {
		return 0, false, nil
	}
	s := string(v)
	if v[0] == '"' {
		if err := json.Unmarshal(v, &s); err != nil {
			return 0, false, scoring.Errorf(o.path(key), "is not a readable text")
		}
		if s = strings.TrimSpace(s); s == "" {
			return 0, false, nil
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			return 0, false, scoring.Errorf(o.path(key), "must be a whole number, not %s", quoteRaw(v))
		}
		n = int64(f)
	}
	if n < min || n > max {
		return 0, false, scoring.Errorf(o.path(key), "must be from %d to %d, not %d", min, max, n)
	}
	return n, true, nil
}

// flag reads a yes/no field: true/false, 1/0 (BG Stats writes isBaseGame
// as 1) or those as text. Absent and null are false.
func (o jobj) flag(key string) (bool, bool, error) {
	v, ok := o.get(key)
	if !ok {
		return false, false, nil
	}
	s := string(v)
	if v[0] == '"' {
		json.Unmarshal(v, &s) //nolint:errcheck // an unreadable text falls to the error below
		s = strings.ToLower(strings.TrimSpace(s))
	}
	switch s {
	case "true", "1":
		return true, true, nil
	case "false", "0", "":
		return false, true, nil
	}
	return false, false, scoring.Errorf(o.path(key), "must be true or false (or 1 or 0), not %s", quoteRaw(v))
}

// list reads a list field as its raw entries; absent and null are empty.
func (o jobj) list(key string, max int, what string) ([]json.RawMessage, error) {
	v, ok := o.get(key)
	if !ok {
		return nil, nil
	}
	if v[0] != '[' {
		return nil, scoring.Errorf(o.path(key), "must be a list, not %s", kindOf(v))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(v, &items); err != nil {
		return nil, scoring.Errorf(o.path(key), "is not a readable list")
	}
	if len(items) > max {
		return nil, scoring.Errorf(o.path(key), "a play has at most %d %s; this one has %d", max, what, len(items))
	}
	return items, nil
}

// ref is a reference to an entry of a BG Stats list: by its "id" (how BG
// Stats writes them) or by its "uuid".
type ref struct {
	id   int64
	uuid string
}

func (o jobj) ref(key string) (ref, bool, error) {
	v, ok := o.get(key)
	if !ok {
		return ref{}, false, nil
	}
	if v[0] == '"' {
		var s string
		json.Unmarshal(v, &s) //nolint:errcheck // checked by whole below if not a uuid
		if s = strings.TrimSpace(s); s != "" {
			if _, err := strconv.ParseInt(s, 10, 64); err != nil {
				if len(s) > MaxID {
					return ref{}, false, scoring.Errorf(o.path(key), "is not an id or a uuid")
				}
				return ref{uuid: s}, true, nil
			}
		}
	}
	n, ok, err := o.whole(key, math.MinInt64, math.MaxInt64)
	if err != nil || !ok {
		return ref{}, false, err
	}
	return ref{id: n}, true, nil
}

func quoteRaw(v json.RawMessage) string {
	s := string(v)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	if v[0] == '"' {
		return s
	}
	return strconv.Quote(s)
}
