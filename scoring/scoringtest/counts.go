package scoringtest

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"tablemate/scoring"
)

// Number is one number of a JSON body: its field path as scoring.Decode
// names it ("players[1].tokens", "players[0].chips.4[1]") and where its
// bytes are.
type Number struct {
	Field      string
	Start, End int
}

// Numbers lists the numbers of body, a valid JSON value, in order.
func Numbers(t testing.TB, body []byte) []Number {
	t.Helper()
	d := jsontext.NewDecoder(bytes.NewReader(body))
	var out []Number
	for {
		if d.PeekKind() != '0' {
			if _, err := d.ReadToken(); err != nil {
				if errors.Is(err, io.EOF) {
					return out
				}
				t.Fatalf("not JSON: %v\n%s", err, body)
			}
			continue
		}
		v, err := d.ReadValue()
		if err != nil {
			t.Fatal(err)
		}
		end := int(d.InputOffset())
		out = append(out, Number{Field: fieldOf(d), Start: end - len(v), End: end})
	}
}

// fieldOf is the path of the value d read last, in scoring.Decode's
// notation: names joined by dots, list indices in brackets.
func fieldOf(d *jsontext.Decoder) string {
	names := slices.Collect(d.StackPointer().Tokens())
	field := ""
	for i := 1; i <= d.StackDepth() && i-1 < len(names); i++ {
		if k, _ := d.StackIndex(i); k == '[' {
			field += "[" + names[i-1] + "]"
			continue
		}
		field = scoring.Join(field, names[i-1])
	}
	return field
}

// With returns body with number n replaced by the text v.
func With(body []byte, n Number, v string) []byte {
	out := append([]byte(nil), body[:n.Start]...)
	out = append(out, v...)
	return append(out, body[n.End:]...)
}

// Extremes are the counts ruling G-1 is checked at: the int64 extremes,
// one past them, one past ±1,000,000 and ±1,000,000 itself.
var Extremes = []string{
	strconv.FormatInt(math.MaxInt64, 10), strconv.FormatInt(math.MinInt64, 10),
	"9223372036854775808", "-9223372036854775809", "18446744073709551616",
	"1000001", "-1000001", "1000000", "-1000000", "0",
}

// beyond reports whether the number v lies beyond ±scoring.MaxCount.
func beyond(v string) bool {
	f, err := strconv.ParseFloat(v, 64)
	return err == nil && math.Abs(f) > scoring.MaxCount
}

// Counts checks ruling G-1 on every number of body, a request answer
// reads (a score check, a round, a play request): each is put at each of
// Extremes in turn. Beyond ±1,000,000 the answer is an *InputError naming
// exactly that number's field, never a result; within it no input error
// names the field for its size (a game's own narrower bound, such as a
// target of 1–1000, may still refuse it, naming the field), and every
// total answered is exact: the sum of its lines (Check) and far from a
// wrapped int64. answer is the engine's reading of a body: its result, if
// it gives one (nil otherwise), or its error.
func Counts(t *testing.T, body []byte, answer Answer) {
	t.Helper()
	nums := Numbers(t, body)
	if len(nums) == 0 {
		t.Fatalf("no number in %s", body)
	}
	for _, n := range nums {
		for _, v := range Extremes {
			CountAt(t, body, n, v, answer)
		}
	}
}

// CountAt is Counts for number n of body put at v.
func CountAt(t testing.TB, body []byte, n Number, v string, answer Answer) {
	t.Helper()
	b := With(body, n, v)
	res, err := answer.Read(b)
	var in *scoring.InputError
	isInput := errors.As(err, &in)
	switch {
	case beyond(v) && (!isInput || in.Field != n.Field):
		t.Errorf("%s = %s (G-1: beyond ±1,000,000): got %v, want an input error on %s", n.Field, v, err, n.Field)
	case !beyond(v) && err != nil && !isInput:
		t.Errorf("%s = %s: %v, not an input error", n.Field, v, err)
	case res != nil:
		Check(t, answer.Game, *res)
		for _, p := range res.Players {
			if p.Total > 1<<50 || p.Total < -(1<<50) {
				t.Errorf("%s = %s: %s's total %d is not a sum of counts within ±1,000,000", n.Field, v, p.Name, p.Total)
			}
		}
	}
}

// FuzzCounts is Counts as a fuzz target: the fuzzer picks a number of
// one of bodies and the int64 it is put at (G-1), seeded with Extremes.
func FuzzCounts(f *testing.F, bodies [][]byte, answer Answer) {
	for i := range bodies {
		for _, v := range []int64{math.MaxInt64, math.MinInt64, scoring.MaxCount + 1, -scoring.MaxCount - 1, scoring.MaxCount} {
			f.Add(uint(i), uint(0), v)
		}
	}
	f.Fuzz(func(t *testing.T, body, number uint, v int64) {
		b := bodies[body%uint(len(bodies))]
		nums := Numbers(t, b)
		if len(nums) == 0 {
			return
		}
		CountAt(t, b, nums[number%uint(len(nums))], strconv.FormatInt(v, 10), answer)
	})
}

// Answer is an engine's reading of a body for Counts: Read gives its
// result, if it gives one (nil otherwise), or its error; Game is the
// engine (whose rulings a result's violations may name).
type Answer struct {
	Game scoring.Game
	Read func([]byte) (*scoring.Result, error)
}

// Score is answer for Counts from a score check.
func Score(g scoring.Game) Answer {
	return Answer{g, func(b []byte) (*scoring.Result, error) {
		res, err := g.Check(b)
		if err != nil {
			return nil, err
		}
		return &res, nil
	}}
}

// Play is answer for Counts from a play API request: its refusal of the
// body, or its result once the game is over.
func Play(g interface {
	scoring.Game
	scoring.PlayAPI
}) Answer {
	return Answer{g, func(b []byte) (*scoring.Result, error) {
		ans, err := g.Answer(b)
		if err != nil {
			return nil, err
		}
		if s, ok := ans.(interface{ Scored() *scoring.Result }); ok {
			return s.Scored(), nil
		}
		return nil, nil
	}}
}

// Rounds is answer for Counts from a round a table records
// (scoring.Rounds): the game it starts, checked.
func Rounds(g interface {
	scoring.Game
	scoring.Rounds
}) Answer {
	return Answer{g, func(b []byte) (*scoring.Result, error) {
		state, err := g.AppendRound(nil, b)
		var in *scoring.InputError
		if errors.As(err, &in) {
			// A round's errors name its fields below "round".
			return nil, scoring.Refield(in, strings.TrimPrefix(strings.TrimPrefix(in.Field, "round"), "."))
		}
		if err != nil {
			return nil, err
		}
		res, err := g.Check(state)
		if err != nil {
			return nil, err
		}
		return &res, nil
	}}
}
