package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// strictState is a request shape with every kind the engines' requests
// use: lists of objects, maps of lists, pointers, raw values, strings,
// whole numbers, floats and flags.
type strictState struct {
	Players []struct {
		Name    string            `json:"name"`
		Tokens  int               `json:"tokens"`
		Display map[string]string `json:"display"`
		Chips   map[string][]int  `json:"chips"`
		Left    *float64          `json:"left"`
		Adjust  []struct {
			Card   int    `json:"card"`
			Reason string `json:"reason"`
		} `json:"adjustments"`
	} `json:"players"`
	Options json.RawMessage `json:"options"`
	Steps   []json.RawMessage
	Over    bool  `json:"over"`
	First   *int  `json:"first"`
	Scores  []int `json:"scores" decode:"nullable"`
	Hidden  int   `json:"-"`
}

// TestDecodeIsStrict: API.md's 400 answers, field by field.
func TestDecodeIsStrict(t *testing.T) {
	for _, c := range []struct{ body, field, message string }{
		{`{"PLAYERS":[]}`, "PLAYERS", `unknown field "PLAYERS"`},
		{`{"players":[{"Name":"A"}]}`, "players[0].Name", `unknown field "Name"`},
		{`{"players":[{"name":"A"},{"name":"B","adjustments":[{"card":1,"foo":2}]}]}`, "players[1].adjustments[0].foo", `unknown field "foo"`},
		{`{"players":null}`, "players", "must be a list, not a JSON null"},
		{`{"players":[null]}`, "players[0]", "must be an object, not a JSON null"},
		{`{"players":[{"name":null}]}`, "players[0].name", "must be a string, not a JSON null"},
		{`{"players":[{"tokens":null}]}`, "players[0].tokens", "must be a whole number, not a JSON null"},
		{`{"players":[{"display":{"red":null}}]}`, "players[0].display.red", "must be a string, not a JSON null"},
		{`{"players":[{"chips":{"4":[2,null]}}]}`, "players[0].chips.4[1]", "must be a whole number, not a JSON null"},
		{`{"over":null}`, "over", "must be true or false, not a JSON null"},
		{`{"players":[{"tokens":1.5}]}`, "players[0].tokens", "not a JSON number 1.5"},
		{`{"players":[{"tokens":1e3}]}`, "players[0].tokens", "not a JSON number 1e3"},
		{`{"players":[{"tokens":1000001}]}`, "players[0].tokens", "1000001 is out of range"},
		{`{"players":[{"tokens":-9223372036854775809}]}`, "players[0].tokens", "is out of range"},
		{`{"players":[{"left":1e300}]}`, "players[0].left", "is out of range"},
		{`{"players":[{"name":"A","name":"B"}]}`, "players[0].name", "given twice"},
		{`{"players":[{"display":{"red":"1","red":"2"}}]}`, "players[0].display.red", "given twice"},
		{`{"players":[],"players":[]}`, "players", "given twice"},
		{`{"Hidden":1}`, "Hidden", `unknown field "Hidden"`},
		{`{"steps":[]}`, "steps", `unknown field "steps"`},
		{`{"players":[{"name":"\xff"}]}`, "", "invalid JSON"},
		{`{"players":[`, "", "unexpected end of input"},
		{``, "", "empty body"},
		{`{} []`, "", "unexpected data after the JSON value"},
	} {
		var s strictState
		err := Decode([]byte(c.body), &s, "")
		var in *InputError
		if !errors.As(err, &in) || in.Field != c.field || !strings.Contains(in.Message, c.message) {
			t.Errorf("%s: %v, want %s: %s", c.body, err, c.field, c.message)
		}
	}
	var s strictState
	err := Decode([]byte(`{"players":[{"name":"A","left":null,"display":{},"chips":{"4":[2]},"tokens":1000000}],"options":null,"Steps":[1,null],"first":null,"scores":null,"over":true}`), &s, "round")
	if err != nil || s.Players[0].Left != nil || s.Players[0].Tokens != MaxCount || string(s.Options) != "null" || s.First != nil || s.Scores != nil || string(s.Steps[1]) != "null" || !s.Over {
		t.Errorf("%+v %v", s, err)
	}
	if err := Decode([]byte(`{"players":[{"tokens":"x"}]}`), &s, "round"); err == nil || err.(*InputError).Field != "round.players[0].tokens" {
		t.Errorf("prefix: %v", err)
	}
}

// FuzzDecode: the strict reading never panics; what it takes,
// encoding/json takes too, into the same value (it is stricter, never
// different); every refusal is an *InputError.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"players":[{"name":"A","tokens":3,"display":{"red":"1 5"},"chips":{"4":[2,3]},"left":1.5,"adjustments":[{"card":1,"reason":"x"}]}],"options":{"x":[1]},"Steps":[{},1],"over":true,"first":0,"scores":[1,-2]}`,
		`{"players":null}`, `{"PLAYERS":[]}`, `{"players":[{"tokens":1e3}]}`, `[]`, `null`, `{"a":"\u00e9\ud83d\ude00"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var strict strictState
		err := Decode(body, &strict, "x")
		if err != nil {
			var in *InputError
			if !errors.As(err, &in) || in.Message == "" {
				t.Fatalf("%q: %v is not an input error", body, err)
			}
			return
		}
		var loose strictState
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&loose); err != nil {
			t.Fatalf("%q: strict took it, encoding/json did not: %v", body, err)
		}
		if !reflect.DeepEqual(strict, loose) && !rawEqual(strict, loose) {
			t.Fatalf("%q:\nstrict %+v\njson   %+v", body, strict, loose)
		}
		for _, p := range strict.Players {
			if p.Tokens > MaxCount || p.Tokens < -MaxCount || p.Left != nil && math.Abs(*p.Left) > MaxCount {
				t.Fatalf("%q: a count beyond ±%d was taken", body, MaxCount)
			}
		}
	})
}

// rawEqual compares two readings whose raw values differ only in the
// white space encoding/json keeps around them.
func rawEqual(a, b strictState) bool {
	compact := func(r json.RawMessage) string {
		var buf bytes.Buffer
		if json.Compact(&buf, r) != nil {
			return string(r)
		}
		return buf.String()
	}
	if compact(a.Options) != compact(b.Options) || len(a.Steps) != len(b.Steps) {
		return false
	}
	for i := range a.Steps {
		if compact(a.Steps[i]) != compact(b.Steps[i]) {
			return false
		}
	}
	a.Options, b.Options, a.Steps, b.Steps = nil, nil, nil, nil
	return reflect.DeepEqual(a, b)
}

// FuzzMembers: an object's members come back in order, each once, their
// values as sent; anything else is an *InputError.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{`{"b":1,"players":["A"],"a":{"x":[1,2]}}`, `{"a":1,"a":2}`, `[]`, `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ms, err := Members(body, "")
		if err != nil {
			if _, ok := err.(*InputError); !ok {
				t.Fatalf("%q: %v", body, err)
			}
			return
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("%q: Members took what encoding/json does not: %v", body, err)
		}
		if len(m) != len(ms) {
			t.Fatalf("%q: %d members, %d names", body, len(ms), len(m))
		}
		for _, x := range ms {
			var a, b any
			if json.Unmarshal(x.Value, &a) != nil || json.Unmarshal(m[x.Name], &b) != nil || !reflect.DeepEqual(a, b) {
				t.Fatalf("%q: member %q is %s, not %s", body, x.Name, x.Value, m[x.Name])
			}
		}
	})
}

// TestDecodeConcurrently: readers come from a pool; bodies read at the
// same time keep their own values and errors (run with -race).
func TestDecodeConcurrently(t *testing.T) {
	done := make(chan error)
	for i := range 8 {
		go func() {
			for j := range 200 {
				n := i*1000 + j
				var s strictState
				err := Decode([]byte(`{"players":[{"name":"p`+strconv.Itoa(n)+`","tokens":`+strconv.Itoa(n)+`}]}`), &s, "")
				if err == nil && (s.Players[0].Tokens != n || s.Players[0].Name != "p"+strconv.Itoa(n)) {
					err = fmt.Errorf("read %+v for %d", s, n)
				}
				if err == nil {
					err2 := Decode([]byte(`{"players":[{"name":"x","tokens":"`+strconv.Itoa(n)+`"}]}`), &s, "r"+strconv.Itoa(n))
					if in, ok := err2.(*InputError); !ok || in.Field != "r"+strconv.Itoa(n)+".players[0].tokens" {
						err = fmt.Errorf("error %v for %d", err2, n)
					}
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
