package scoring

import (
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends r as encoding/json writes it (json.Marshal: the same
// fields, order, nulls and escaping, HTML characters included) without
// reflection: the score-check API answers with it. FuzzAppendJSON holds it
// to json.Marshal byte for byte.
func (r Result) AppendJSON(b []byte) []byte {
	b = append(b, `{"game":`...)
	b = appendString(b, r.Game)
	b = append(b, `,"valid":`...)
	b = strconv.AppendBool(b, r.Valid)
	b = append(b, `,"game_over":`...)
	b = strconv.AppendBool(b, r.GameOver)
	b = append(b, `,"violations":`...)
	b = appendViolations(b, r.Violations)
	b = append(b, `,"warnings":`...)
	b = appendViolations(b, r.Warnings)
	b = append(b, `,"players":`...)
	if r.Players == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range r.Players {
			if i > 0 {
				b = append(b, ',')
			}
			b = p.appendJSON(b)
		}
		b = append(b, ']')
	}
	b = append(b, `,"winners":`...)
	b = appendStrings(b, r.Winners)
	if r.TieBreak != "" {
		b = append(b, `,"tie_break":`...)
		b = appendString(b, r.TieBreak)
	}
	return append(b, '}')
}

func (p PlayerResult) appendJSON(b []byte) []byte {
	b = append(b, `{"name":`...)
	b = appendString(b, p.Name)
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(p.Total), 10)
	b = append(b, `,"breakdown":`...)
	if p.Breakdown == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, l := range p.Breakdown {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"label":`...)
			b = appendString(b, l.Label)
			b = append(b, `,"points":`...)
			b = strconv.AppendInt(b, int64(l.Points), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(p.Rounds) > 0 {
		b = append(b, `,"rounds":[`...)
		for i, n := range p.Rounds {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendViolations(b []byte, vs []Violation) []byte {
	if vs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendString(b, v.Code)
		if v.Player != "" {
			b = append(b, `,"player":`...)
			b = appendString(b, v.Player)
		}
		b = append(b, `,"rule":`...)
		b = appendString(b, v.Rule)
		b = append(b, `,"message":`...)
		b = appendString(b, v.Message)
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

const hex = "0123456789abcdef"

// appendString quotes s as encoding/json does with HTML escaping on: ",
// \ and control characters escaped (\b, \f, \n, \r, \t by name), <, > and
// & as \u003c, \u003e and \u0026, invalid UTF-8 as \ufffd, and U+2028 and
// U+2029 escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
