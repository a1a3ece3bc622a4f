package i18n_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Text written straight into a templ component (not through i18n.T) shows
// in English on a German page. TestNoBareTemplText reads every component
// and flags element text and reader-facing attributes (aria-label,
// placeholder, title, alt) that hold words outside a { … } expression.
var (
	templExpr  = regexp.MustCompile(`\{[^{}]*\}`)
	templTag   = regexp.MustCompile(`<[^>]*>`)
	readerAttr = regexp.MustCompile(`\b(?:aria-label|placeholder|title|alt)="([^"]*)"`)
	word       = regexp.MustCompile(`\pL{2,}`)
	// goLine starts a line of Go inside a component: control flow, a
	// component call, a closing brace.
	goLine = regexp.MustCompile(`^(?:if |} else|else |for |switch |case |default:|}|@|//|\{\{)`)
)

// untranslatable words may stand bare: names that are not translated
// (game titles keep their original names).
var untranslatable = map[string]bool{"Tablemate": true, "English": true, "Deutsch": true, "JSON": true, "CSV": true}

var gameTitles = regexp.MustCompile(`Koffer, Katze & Sombrero|Auf der Hut|Kociaki Łobuziaki|https?://\S*`)

func TestNoBareTemplText(t *testing.T) {
	var files []string
	for _, pattern := range []string{"views/*.templ", "web/*/*.templ"} {
		found, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	if len(files) < 10 {
		t.Fatalf("found %d templ files", len(files))
	}
	var bad []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := false
		for n, line := range strings.Split(string(b), "\n") {
			switch {
			case strings.HasPrefix(line, "templ "):
				in = true
				continue
			case line == "}":
				in = false
			}
			if !in {
				continue
			}
			if words := bareWords(line); len(words) > 0 {
				bad = append(bad, filepath.Base(f)+":"+itoa(n+1)+": "+strings.Join(words, " "))
			}
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Errorf("English outside i18n.T: %s", b)
	}
}

// bareWords returns the words on one line of a component body that a
// reader would see untranslated.
func bareWords(line string) []string {
	s := strings.TrimSpace(line)
	if goLine.MatchString(s) {
		return nil
	}
	var text []string
	for _, m := range readerAttr.FindAllStringSubmatch(s, -1) {
		text = append(text, m[1])
	}
	s = templExpr.ReplaceAllString(s, " ")
	s = templTag.ReplaceAllString(s, " ")
	// A tag cut across lines leaves attributes; drop what looks like one.
	if strings.Contains(s, "=") || strings.HasPrefix(strings.TrimSpace(line), "<") && !strings.Contains(line, ">") {
		s = ""
	}
	text = append(text, s)
	var out []string
	for i := range text {
		text[i] = gameTitles.ReplaceAllString(text[i], " ")
	}
	for _, t := range text {
		t = templExpr.ReplaceAllString(t, " ")
		for _, w := range word.FindAllString(t, -1) {
			if !untranslatable[w] {
				out = append(out, w)
			}
		}
	}
	return out
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}
