package docs

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// anchor is the id GitHub gives a heading: lower case, punctuation
// dropped, spaces as hyphens.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestReadmeStartsWithWhatANewcomerNeeds: the README's first screen holds
// the two commands and what they need; then a table of contents lists
// every section after it, in order; the description of what the app does
// comes after; and every link to a section of the README leads to one.
func TestReadmeStartsWithWhatANewcomerNeeds(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	const screen = 45 // lines
	first := strings.Join(lines[:min(screen, len(lines))], "\n")
	for _, want := range []string{"    make run ", "    make test ", "Root or sudo", "Network"} {
		if !strings.Contains(first, want) {
			t.Errorf("the README's first %d lines lack %q", screen, want)
		}
	}

	var headings []string
	contents, what := -1, -1
	for i, l := range lines {
		h, ok := strings.CutPrefix(l, "## ")
		if !ok {
			continue
		}
		switch h {
		case "Contents":
			contents = i
			continue
		case "What it does":
			what = i
		}
		if contents >= 0 { // the sections after the contents
			headings = append(headings, h)
		}
	}
	if contents < 0 || what < 0 || contents > what {
		t.Fatalf("the README has no \"## Contents\" before \"## What it does\" (lines %d, %d)", contents+1, what+1)
	}
	// The contents: a line per section, in order, each a link to it.
	entry := regexp.MustCompile(`^- \[(.+)\]\(#([^)]+)\)`)
	var listed []string
	for _, l := range lines[contents+1:] {
		if strings.HasPrefix(l, "## ") {
			break
		}
		if m := entry.FindStringSubmatch(l); m != nil {
			listed = append(listed, m[2])
		}
	}
	var want []string
	for _, h := range headings {
		want = append(want, anchor(h))
	}
	if strings.Join(listed, " ") != strings.Join(want, " ") {
		t.Errorf("the contents list\n  %v\nthe sections are\n  %v", listed, want)
	}

	// Every link to a section leads to a heading.
	ids := map[string]bool{}
	for _, l := range lines {
		if h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " "); ok && strings.HasPrefix(l, "#") {
			ids[anchor(h)] = true
		}
	}
	for _, m := range regexp.MustCompile(`\]\(#([^)]+)\)`).FindAllStringSubmatch(string(b), -1) {
		if !ids[m[1]] {
			t.Errorf("README links #%s, which is no heading", m[1])
		}
	}
}

func TestAnchor(t *testing.T) {
	for in, want := range map[string]string{
		"Entering a result: taps counted":  "entering-a-result-taps-counted",
		"`make test` in detail":            "make-test-in-detail",
		"Links, and taking one back":       "links-and-taking-one-back",
		"Speed":                            "speed",
		"Lighthouse and accessibility":     "lighthouse-and-accessibility",
		"Long tables and big leagues":      "long-tables-and-big-leagues",
		"Share links behind a proxy":       "share-links-behind-a-proxy",
		"Moving a play history in and out": "moving-a-play-history-in-and-out",
	} {
		if got := anchor(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
