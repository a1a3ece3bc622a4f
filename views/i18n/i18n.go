// Package i18n holds Tablemate's message catalog (English and German) and
// the language of a request. Keys are the English source strings, so a
// template reads as it renders in English: { i18n.T(ctx, "New table") }.
// English is the default and needs no entries; German lives in de.go.
//
// Engines (scoring/) stay English and keep every sentence they say as a
// scoring.Phrase (format and arguments): Say says it in the reader's
// language from the catalog, keyed by its English format. Rulings and
// codes also get German keyed by their id ("ruling.<id>",
// "violation.<code>"), looked up with Lookup.
package i18n

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"unicode"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"

	"tablemate/scoring"
)

// English and German are the supported languages; English is the default.
var (
	English = language.English
	German  = language.German
)

// Supported lists the languages in matching order (the first is the default).
var Supported = []language.Tag{English, German}

var matcher = language.NewMatcher(Supported)

// cat is the German catalog built from de; English falls back to the key.
var cat = func() *catalog.Builder {
	b := catalog.NewBuilder(catalog.Fallback(English))
	for k, v := range de {
		if err := b.SetString(German, k, v); err != nil {
			panic(fmt.Sprintf("i18n: %q: %v", k, err))
		}
	}
	return b
}()

var dePrinter = message.NewPrinter(German, message.Catalog(cat))

// Parse reads a language switch or cookie value ("de", "en"); ok is false
// for anything else.
func Parse(s string) (language.Tag, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "en":
		return English, true
	case "de":
		return German, true
	}
	return English, false
}

// Match picks the supported language for an Accept-Language header;
// English when nothing matches or the header is unreadable.
func Match(acceptLanguage string) language.Tag {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return English
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return English
	}
	return Supported[i]
}

// Code is the language's short code for lang attributes, cookies and
// Content-Language: "en" or "de".
func Code(t language.Tag) string {
	if t == German {
		return "de"
	}
	return "en"
}

type ctxKey struct{}

// state is what a request's context carries: its language and the path
// the language switch sends the reader back to.
type state struct {
	lang language.Tag
	path string
}

// With returns ctx in language t; path is the current page's path and
// query (the language switch links back to it).
func With(ctx context.Context, t language.Tag, path string) context.Context {
	return context.WithValue(ctx, ctxKey{}, state{lang: t, path: path})
}

// Lang is the context's language; English when none was set.
func Lang(ctx context.Context) language.Tag {
	if ctx == nil {
		return English
	}
	if s, ok := ctx.Value(ctxKey{}).(state); ok {
		return s.lang
	}
	return English
}

// IsGerman reports whether ctx's language is German.
func IsGerman(ctx context.Context) bool { return Lang(ctx) == German }

// T translates key (an English format string) and formats args into it
// like fmt.Sprintf. English output is exactly fmt.Sprintf's, so numbers
// are not grouped ("1500"); German goes through x/text/message, which
// also writes numbers the German way ("1.500").
func T(ctx context.Context, key string, args ...any) string {
	return translate(ctx, key, args)
}

func translate(ctx context.Context, key string, args []any) string {
	if IsGerman(ctx) {
		return dePrinter.Sprintf(key, args...)
	}
	key = InEnglish(key)
	if len(args) == 0 {
		return key
	}
	return fmt.Sprintf(key, args...)
}

// JoinNames writes "Ana", "Ana and Ben", "Ana, Ben and Cy" in ctx's
// language ("Ana, Ben und Cy").
func JoinNames(ctx context.Context, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + T(ctx, " and ") + names[len(names)-1]
}

// Sense is the separator between a key's sense and its English text
// (gettext's context separator): an English word with two German ones
// has a key for each, "played"+Sense+"Game" for a game played at a table
// ("Partie") beside "Game" for the game itself ("Spiel"). English shows
// only the text after it.
const Sense = "\x04"

// InEnglish is key's English text: key without the sense before Sense.
func InEnglish(key string) string {
	if i := strings.LastIndexByte(key, Sense[0]); i >= 0 {
		return key[i+1:]
	}
	return key
}

// Lookup returns German text for an engine's code-keyed entry (e.g.
// "violation.not_ascending") when ctx is German and the catalog has it,
// else fallback (the engine's English text).
func Lookup(ctx context.Context, key, fallback string) string {
	if IsGerman(ctx) {
		if s, ok := de[key]; ok {
			return s
		}
	}
	return fallback
}

// Verb is an argument that writes the verb it is formatted with, so a
// format said with a Verb for each of its verbs keeps them for a page's
// script to fill in: T(ctx, "%d of %d cards", Verb, Verb) is
// "%d von %d Karten" on a German page.
var Verb verb

type verb struct{}

func (verb) Format(f fmt.State, c rune) { fmt.Fprintf(f, "%%%c", c) }

// Has reports whether the German catalog has key.
func Has(key string) bool { _, ok := de[key]; return ok }

// Keys returns every key of the German catalog (for tests).
func Keys() []string {
	out := make([]string, 0, len(de))
	for k := range de {
		out = append(out, k)
	}
	return out
}

// SwitchURL is the link that changes the language to t and comes back to
// the current page.
func SwitchURL(ctx context.Context, t language.Tag) string {
	path := "/"
	if s, ok := ctx.Value(ctxKey{}).(state); ok && s.path != "" {
		path = s.path
	}
	return "/lang?to=" + Code(t) + "&back=" + url.QueryEscape(path)
}

// SafeBack returns back when it is a path on this site ("/tables/x?y"),
// else "/": the switch never redirects elsewhere.
func SafeBack(back string) string {
	if back == "" || back[0] != '/' || strings.HasPrefix(back, "//") || strings.ContainsAny(back, "\\\r\n\t") {
		return "/"
	}
	u, err := url.Parse(back)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	return back
}

// joined is a list of terms with a separator (scoring.Terms).
type joined interface{ Joined() (string, []any) }

// Say says a phrase kept as its English format and arguments
// (scoring.Phrase) in ctx's language: its format from the catalog, and
// its arguments in turn. A scoring.Name, and any plain string, is shown
// as it is, never looked up (a player called "red" stays "red", what was
// typed stays as typed); a list of names ([]string) is joined ("Ana und
// Ben"); a nested phrase is said in turn ("5 Punkte", a catalog word
// such as scoring.Phrasef("red runes")). Without German for the format the English
// stands.
func Say(ctx context.Context, p scoring.Phrase) string {
	p = p.In(Lang(ctx))
	format, args := p.Parts()
	if !IsGerman(ctx) || !Has(format) {
		if strings.Contains(format, Sense) { // English shows the text after the sense
			return scoring.Phrasef(InEnglish(format), args...).String()
		}
		return p.String()
	}
	return T(ctx, format, localArgs(ctx, args)...)
}

func localArgs(ctx context.Context, args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case scoring.Name:
			a = string(v)
		case scoring.Decimal:
			a = Decimal(ctx, float64(v), -1)
		case []string:
			a = JoinNames(ctx, v)
		case scoring.Phrase:
			a = Say(ctx, v)
		case joined:
			// A separator of words is said too (" or "); punctuation
			// (", ", " + ", " ") stands as it is.
			sep, items := v.Joined()
			if strings.ContainsFunc(sep, unicode.IsLetter) && Has(sep) {
				sep = T(ctx, sep)
			}
			parts := make([]string, len(items))
			for j, item := range localArgs(ctx, items) {
				parts[j] = fmt.Sprint(item)
			}
			a = strings.Join(parts, sep)
		}
		out[i] = a
	}
	return out
}
