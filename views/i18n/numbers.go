package i18n

import (
	"context"
	"fmt"
	"math"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"

	"tablemate/scoring"
)

// Numbers, percentages and dates as the reader's language writes them:
// "3.5", "25%" and "2 March 2026" in English, "3,5", "25 %" and
// "2. März 2026" in German. A minus is the real minus sign the pages use
// for scores ("−1.5"), and numbers are not grouped ("1500").

var printers = map[language.Tag]*message.Printer{English: message.NewPrinter(English), German: message.NewPrinter(German)}

func printer(ctx context.Context) *message.Printer { return printers[Lang(ctx)] }

// Decimal writes x with exactly digits decimals ("17.0", "17,0"), or
// with as few as it needs (up to 3) when digits is negative ("3.5",
// "3,5", "4").
func Decimal(ctx context.Context, x float64, digits int) string {
	opts := []number.Option{number.NoSeparator()}
	if digits >= 0 {
		opts = append(opts, number.Scale(digits))
		x = round(x, digits)
	}
	return scoring.Minus(printer(ctx).Sprint(number.Decimal(x, opts...)))
}

// Percent writes a whole percentage: "25%", "25 %" (with a no-break
// space, as German sets it).
func Percent(ctx context.Context, pct int) string {
	return scoring.Minus(printer(ctx).Sprint(number.Percent(float64(pct) / 100)))
}

// round rounds x half away from zero to digits decimals, so 2.25 shows
// the same in both languages.
func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

var (
	deMonths    = [...]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"}
	deShortMons = [...]string{"Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."}
	deDays      = [...]string{"So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"}
)

// Date writes a day: "5 March 2026", "5. März 2026".
func Date(ctx context.Context, t time.Time) string {
	if !IsGerman(ctx) {
		return t.Format("2 January 2006")
	}
	return fmt.Sprintf("%d. %s %d", t.Day(), deMonths[t.Month()-1], t.Year())
}

// DateTime writes a moment: "Mon 2 Jan, 15:04" in English and
// "Mo 2. Jan., 15:04" in German (Go's layouts know only English names);
// withYear adds the year, withSeconds the seconds.
func DateTime(ctx context.Context, t time.Time, withYear, withSeconds bool) string {
	clock := "15:04"
	if withSeconds {
		clock = "15:04:05"
	}
	if !IsGerman(ctx) {
		if withYear {
			return t.Format("Mon 2 Jan 2006, " + clock)
		}
		return t.Format("Mon 2 Jan, " + clock)
	}
	s := fmt.Sprintf("%s %d. %s", deDays[t.Weekday()], t.Day(), deShortMons[t.Month()-1])
	if withYear {
		s += fmt.Sprintf(" %d", t.Year())
	}
	return s + ", " + t.Format(clock)
}
