package scoring

import (
	"fmt"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Phrase is a sentence kept as its English format and arguments, so a
// page can say it in the reader's language; String is the English, which
// the API answers. It is the one carrier of translatable text: refusals
// (StepError), violations, score lines, tie-break questions and input
// errors all keep theirs as a Phrase.
//
// The format is a message id: a page looks it up in its catalog. An
// argument is
//   - a whole number, said as it is;
//   - a Decimal, a number with a fraction, written as the reader's
//     language writes it ("1.5", "1,5");
//   - a Name (a player's, table's or character's name, or text as
//     someone typed it), said as it is and never looked up;
//   - a []string, a list of names: "Ana, Ben and Cy" ("Ana, Ben und Cy");
//   - a Phrase, said in turn: a catalog word such as Phrasef("red"), or
//     Points(31);
//   - Terms, a sum of terms; a List, phrases joined by a separator.
//
// Engines pass no bare string: it would be unclear whether it is a name
// or a word (scoringtest refuses them).
type Phrase struct {
	format string
	args   []any
	// one is a Count's singular form (its format is the plural, with
	// the count its one argument); "" for any other phrase.
	one string
	// none is a Count's form for a count of 0 in every language (None),
	// "" when 0 takes the plural.
	none string
}

// Phrasef keeps format and args as a Phrase. format is a message id: a
// constant (the catalog's tests collect them from the engines' code).
func Phrasef(format string, args ...any) Phrase { return Phrase{format: format, args: args} }

// Format is the phrase's English format, its message id.
func (p Phrase) Format() string { return p.format }

// Args are the phrase's arguments.
func (p Phrase) Args() []any { return p.args }

// Parts returns the format and arguments (pages translate them).
func (p Phrase) Parts() (string, []any) { return p.format, p.args }

// IsZero reports whether p says nothing.
func (p Phrase) IsZero() bool { return p.format == "" }

// Plural returns a Count's count and its two forms, the singular one
// and the plural many (its format); ok is false for any other phrase.
func (p Phrase) Plural() (n int, one, many string, ok bool) {
	if p.one == "" {
		return 0, "", "", false
	}
	return p.args[0].(int), p.one, p.format, true
}

// In is the phrase as said in lang: a Count takes its form for none
// (None) for 0, else its singular or plural form by lang's plural rules
// (One); any other phrase is itself.
func (p Phrase) In(lang language.Tag) Phrase {
	if n, one, _, ok := p.Plural(); ok {
		// The form for none or the singular gets the further arguments
		// alone, without the count.
		if n == 0 && p.none != "" {
			one = p.none
		} else if !One(lang, n) {
			one = ""
		}
		if one != "" && len(p.args) > 1 {
			return Phrase{format: one, args: p.args[1:]}
		} else if one != "" {
			return Phrase{format: one}
		}
	}
	return Phrase{format: p.format, args: p.args}
}

// String formats the phrase in English: lists of names read "Ana, Ben
// and Cy".
func (p Phrase) String() string {
	if p.format == "" {
		return ""
	}
	if p.one != "" {
		p = p.In(language.English)
	}
	args := make([]any, len(p.args))
	for i, a := range p.args {
		switch v := a.(type) {
		case []string:
			a = JoinNames(v)
		case Name:
			a = string(v)
		case Phrase:
			a = v.String()
		case Terms:
			a = v.String()
		}
		args[i] = a
	}
	return fmt.Sprintf(p.format, args...)
}

// Name is a player's, table's or character's name, or text as someone
// typed it, as a Phrase argument: pages show it as it is and never look
// it up in their catalog (a player called "red" stays "red" in German).
type Name string

// Decimal is a number with a fraction as a Phrase argument (points by
// place shared in a tie: "1.5"): a page writes it as its reader's
// language does ("1,5"), with as few decimals as it needs, up to 3, and
// the real minus sign; String is the English.
type Decimal float64

// String writes d in English as pages do (i18n.Decimal with digits -1):
// as few decimals as it needs, up to 3, not grouped ("1500"), with the
// real minus sign ("−1.5", and "0" for a negative that rounds to it).
func (d Decimal) String() string {
	return Minus(message.NewPrinter(language.English).Sprint(number.Decimal(float64(d), number.NoSeparator())))
}

// Minus puts the real minus sign in place of a hyphen in a written
// number, and "−0" back to "0".
func Minus(s string) string {
	s = strings.Replace(s, "-", "−", 1)
	if strings.Trim(s, "−0.,") == "" {
		s = strings.TrimPrefix(s, "−")
	}
	return s
}

// Terms is a Phrase argument that lists terms joined by " + ", such as
// a sum of cards; each term is a number, a Name or a Phrase.
type Terms []any

// Joined returns the separator and the terms (pages translate them).
func (t Terms) Joined() (string, []any) { return " + ", t }

func (t Terms) String() string {
	parts := make([]string, len(t))
	for i, term := range t {
		switch v := term.(type) {
		case Phrase:
			parts[i] = v.String()
		case Name:
			parts[i] = string(v)
		default:
			parts[i] = fmt.Sprint(term)
		}
	}
	return strings.Join(parts, " + ")
}

// List is a Phrase argument that says phrases one after another, joined
// by Sep: a section's parts (", "), an event's sentences (" "), the
// values a pile may give (" or ", which a page says in its language).
type List struct {
	Sep   string
	Items []Phrase
}

// Joined returns the separator and the phrases (pages say them).
func (l List) Joined() (string, []any) {
	items := make([]any, len(l.Items))
	for i, p := range l.Items {
		items[i] = p
	}
	return l.Sep, items
}

func (l List) String() string {
	parts := make([]string, len(l.Items))
	for i, p := range l.Items {
		parts[i] = p.String()
	}
	return strings.Join(parts, l.Sep)
}

// Count is a count of something as a Phrase (or a Phrase argument):
// one, its singular form ("1 bandit"), or many, its plural formatted with
// n ("%d bandits"), whichever the reader's language takes for n (One);
// English (String) takes one for exactly 1. Further args follow: one
// gets them alone ("1 salmon on %d–%d"), many after n ("%d salmon on
// %d–%d"). It is the one plural helper: a page says a count with
// i18n.Say(ctx, scoring.Count(…)), an engine keeps one in its phrases;
// None adds a form for 0.
func Count(n int, one, many string, args ...any) Phrase {
	return Phrase{format: many, args: append([]any{n}, args...), one: one}
}

// NoneForm is a Count's form for 0 (None), "" when it has none or is no
// Count.
func (p Phrase) NoneForm() string { return p.none }

// None gives a Count a form of its own for a count of 0, said in every
// language instead of the plural: "0 times" is German "keinmal", not
// "0-mal"; "no card played yet this turn", not "0 card plays". Like the
// singular it gets the further arguments alone. Any other phrase is
// returned as it is. A snapshot keeps it with the other two (sessions'
// phrase codec).
func (p Phrase) None(format string) Phrase {
	if p.one != "" {
		p.none = format
	}
	return p
}

// Verbatim is text shown as it is in every language (a label made of
// numbers, "3 + 4", or a message built without a phrase): never looked
// up in a catalog.
func Verbatim(s string) Phrase { return Phrasef("%s", Name(s)) }

// One reports whether a count of n takes the singular form ("one") in
// lang, by the CLDR cardinal plural rules: the one plural rule of every
// count Tablemate says, in an engine's phrase (Count) or on a page
// (a page). English and German take "one" for exactly 1 (not 0, not 21);
// a negative count takes the plural, which writes its sign.
func One(lang language.Tag, n int) bool {
	if n < 0 {
		return false
	}
	return plural.Cardinal.MatchPlural(lang, n, 0, 0, 0, 0) == plural.One
}

// Points is "1 point" or "n points" as a Phrase argument.
func Points(n int) Phrase { return Count(n, "1 point", "%d points") }

// JoinNames joins names as "Ana", "Ana and Ben", "Ana, Ben and Cy": the
// one joining of names in English (pages join them in their language).
func JoinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
