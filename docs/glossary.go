package docs

import (
	"regexp"
	"strings"
)

// Never is a German word the glossary rules out: a regular expression of
// its "never" column and the row's German term, the word to use instead.
type Never struct {
	Re   *regexp.Regexp
	Term string
}

// GlossaryNever reads the "never" column of the glossary's tables (those
// with one): each entry a regular expression in backquotes.
func GlossaryNever() ([]Never, error) {
	pattern := regexp.MustCompile("`([^`]+)`")
	var out []Never
	inTable := false // in a table whose third column is "never"
	for _, line := range strings.Split(Glossary, "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if !strings.HasPrefix(strings.TrimSpace(line), "|") || len(cells) != 3 {
			inTable = false
			continue
		}
		if strings.TrimSpace(cells[2]) == "never" {
			inTable = true
		}
		if !inTable {
			continue
		}
		for _, m := range pattern.FindAllStringSubmatch(cells[2], -1) {
			re, err := regexp.Compile(m[1])
			if err != nil {
				return nil, err
			}
			out = append(out, Never{Re: re, Term: strings.TrimSpace(cells[1])})
		}
	}
	return out, nil
}
