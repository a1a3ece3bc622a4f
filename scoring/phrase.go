package scoring

import (
	"fmt"
	"strings"
)

// Phrase is a sentence kept as its English format and arguments, so a
// page can say it in the reader's language; String is the English, which
// the API answers. A []string argument is a list of names; a Phrase
// argument is formatted in turn ("%s tie on %s" with Points(31)).
type Phrase struct {
	Format string
	Args   []any
}

// Phrasef keeps format and args as a Phrase.
func Phrasef(format string, args ...any) Phrase { return Phrase{Format: format, Args: args} }

// String formats the phrase in English: lists of names read "Ana, Ben
// and Cy".
func (p Phrase) String() string {
	if p.Format == "" {
		return ""
	}
	args := make([]any, len(p.Args))
	for i, a := range p.Args {
		switch v := a.(type) {
		case []string:
			a = JoinNames(v)
		case Phrase:
			a = v.String()
		case Terms:
			a = v.String()
		}
		args[i] = a
	}
	return fmt.Sprintf(p.Format, args...)
}

// Parts returns the format and arguments (pages translate them).
func (p Phrase) Parts() (string, []any) { return p.Format, p.Args }

// Terms is a Phrase argument that lists terms joined by " + ", such as
// a sum of cards; each term is a number, a string or a Phrase.
type Terms []any

// Joined returns the separator and the terms (pages translate them).
func (t Terms) Joined() (string, []any) { return " + ", t }

func (t Terms) String() string {
	parts := make([]string, len(t))
	for i, term := range t {
		if p, ok := term.(Phrase); ok {
			parts[i] = p.String()
		} else {
			parts[i] = fmt.Sprint(term)
		}
	}
	return strings.Join(parts, " + ")
}

// Count is one for exactly 1 and many (formatted with n) otherwise, as
// a Phrase argument: Count(n, "1 bandit", "%d bandits").
func Count(n int, one, many string) Phrase {
	if n == 1 {
		return Phrasef(one)
	}
	return Phrasef(many, n)
}

// Points is "1 point" or "n points" as a Phrase argument.
func Points(n int) Phrase { return Count(n, "1 point", "%d points") }

// JoinNames joins names as "Ana", "Ana and Ben", "Ana, Ben and Cy".
func JoinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
