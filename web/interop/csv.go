package interop

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"
)

// sheet builds a CSV download for spreadsheets. Every text cell goes
// through csvText, so a name a player typed can never run as a formula
// in the spreadsheet that opens the file; numbers stay numbers.
type sheet struct {
	buf bytes.Buffer
	w   *csv.Writer
}

func newSheet() *sheet {
	s := &sheet{}
	s.w = csv.NewWriter(&s.buf)
	return s
}

// row writes one record. A string cell is text (csvText); any other
// value (a score, a count, true/false) is written as Go formats it, so a
// negative score stays the number -3 and not the text '-3. Only strings
// come from people, and a formatted number cannot start a formula.
func (s *sheet) row(cells ...any) {
	rec := make([]string, len(cells))
	for i, c := range cells {
		switch v := c.(type) {
		case string:
			rec[i] = csvText(v)
		case int, int64, float64, bool:
			rec[i] = fmt.Sprint(v)
		default:
			panic(fmt.Sprintf("sheet: cell of type %T", c)) // a programming error: say what a cell is
		}
	}
	s.w.Write(rec)
}

// bytes ends the sheet and returns the file.
func (s *sheet) bytes() []byte {
	s.w.Flush()
	return s.buf.Bytes()
}

// csvText neutralises a text cell that a spreadsheet would read as a
// formula or a command: one starting with =, +, -, @, a tab or a carriage
// return (OWASP's list for CSV injection) gets a leading apostrophe,
// which spreadsheets take as "this is text" and do not show as a value.
func csvText(s string) string {
	if s != "" && strings.IndexByte("=+-@\t\r", s[0]) >= 0 {
		return "'" + s
	}
	return s
}
