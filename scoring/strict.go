package scoring

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/go-json-experiment/json/jsontext"
)

// MaxCount bounds every whole number a state, setup or step gives
// (ruling G-1: counts and scores lie within ±1,000,000, so no sum, total
// or table-wide bound is computed on a wrapped number). A number beyond
// it is not a state: Decode answers an *InputError naming the field.
const MaxCount = 1_000_000

// The strict decoder behind Decode reads a JSON document with jsontext
// (RFC 8259, valid UTF-8) and fills Go values by reflection, the way
// encoding/json does for the types our requests use, but strictly
// (API.md's 400 answers):
//
//   - a member name matches a field's JSON name exactly: "PLAYERS" or
//     "Tokens" is an unknown field, never taken for "players" or
//     "tokens" (encoding/json matches in any case);
//   - a name given twice in one object is refused ("given twice");
//   - null is a wrong type wherever a list, object, number, string or
//     true/false is required; only a pointer field (an optional value,
//     "omit it or null"), a json.RawMessage (a value read later) and a
//     field tagged `decode:"nullable"` take it;
//   - every number lies within ±MaxCount (G-1);
//   - every error names its field down to list items and map keys:
//     players[0].adjustments[0].foo, players[1].display.red.
//
// A type with its own UnmarshalJSON or UnmarshalText reads its value
// itself; an interface field is left to encoding/json.
type strictDecoder struct {
	dec    *jsontext.Decoder
	prefix string
	path   []pathPart
	buf    *bytes.Buffer
	parts  [8]pathPart // path's first parts, without allocating
}

// pathPart is one step of the path to the value being read: a member
// name (its bytes in the body, or unquoted) or a list index.
type pathPart struct {
	name  []byte
	index int // -1 for a name
}

// decoders are strict decoders to reuse: a jsontext.Decoder is large, and
// a score check reads a body in several parts.
var decoders = sync.Pool{New: func() any {
	d := &strictDecoder{buf: new(bytes.Buffer)}
	d.dec = jsontext.NewDecoder(d.buf, jsontext.AllowDuplicateNames(true))
	return d
}}

// newDecoder is a pooled decoder reading data, which must stay unchanged
// until it is given back (free): jsontext reads a bytes.Buffer in place,
// so names are slices of data.
func newDecoder(data []byte, prefix string) *strictDecoder {
	d := decoders.Get().(*strictDecoder)
	*d.buf = *bytes.NewBuffer(data)
	d.dec.Reset(d.buf, jsontext.AllowDuplicateNames(true))
	d.prefix, d.path = prefix, d.parts[:0]
	return d
}

// free gives d back to the pool, holding nothing of the body it read.
func (d *strictDecoder) free() {
	*d.buf = bytes.Buffer{}
	d.dec.Reset(d.buf, jsontext.AllowDuplicateNames(true))
	d.path = nil
	d.parts = [8]pathPart{}
	decoders.Put(d)
}

var (
	rawMessageType      = reflect.TypeFor[json.RawMessage]()
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decodeStrict is Decode's reading of data (at most MaxBody bytes) into
// v, a non-nil pointer.
func decodeStrict(data []byte, v any, prefix string) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return Errorf(prefix, "%s", Name("cannot decode into "+reflect.TypeOf(v).String()))
	}
	d := newDecoder(data, prefix)
	defer d.free()
	if d.dec.PeekKind() == 0 {
		_, err := d.dec.ReadValue()
		if errors.Is(err, io.EOF) {
			return Errorf(prefix, "empty body: a JSON object is required")
		}
		return d.syntax(err)
	}
	if err := d.value(rv.Elem()); err != nil {
		return err
	}
	if _, err := d.dec.ReadValue(); !errors.Is(err, io.EOF) {
		return Errorf(prefix, "unexpected data after the JSON value")
	}
	return nil
}

// field is the path of the value being read, as API.md writes it.
func (d *strictDecoder) field() string {
	if len(d.path) == 0 {
		return d.prefix
	}
	var b strings.Builder
	b.WriteString(d.prefix)
	for _, p := range d.path {
		if p.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(p.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.Write(p.name)
	}
	return b.String()
}

// syntax is the *InputError of a jsontext error.
func (d *strictDecoder) syntax(err error) error {
	var se *jsontext.SyntacticError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return Errorf(d.prefix, "invalid JSON: unexpected end of input")
	case errors.As(err, &se):
		msg := se.Err.Error()
		return Errorf(d.prefix, "invalid JSON at byte %d: %s", se.ByteOffset, Name(strings.TrimPrefix(msg, "jsontext: ")))
	case err != nil:
		return Errorf(d.prefix, "%s", Name(err.Error()))
	}
	return nil
}

// kindWord is how a wrong-type error names the JSON value found.
func kindWord(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 't', 'f':
		return "bool"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return "value"
}

// wantOf is what a wrong-type error says the field must be.
func wantOf(t reflect.Type) any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(textUnmarshalerType) && !reflect.PointerTo(t).Implements(jsonUnmarshalerType) {
		return Phrasef("a string")
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return Phrasef("a whole number")
	case reflect.Float32, reflect.Float64:
		return Phrasef("a number")
	case reflect.String:
		return Phrasef("a string")
	case reflect.Slice, reflect.Array:
		return Phrasef("a list")
	case reflect.Map, reflect.Struct:
		return Phrasef("an object")
	case reflect.Bool:
		return Phrasef("true or false")
	}
	return Name(t.String())
}

// wrongType is the error for a value of kind found where t is required;
// it reads the value past.
func (d *strictDecoder) wrongType(t reflect.Type, found string) error {
	return Errorf(d.field(), "must be %s, not a JSON %s", wantOf(t), Name(found))
}

// value reads the next JSON value into v.
func (d *strictDecoder) value(v reflect.Value) error {
	k := d.dec.PeekKind()
	if k == 0 {
		_, err := d.dec.ReadValue()
		return d.syntax(err)
	}
	t := v.Type()
	if t == rawMessageType {
		raw, err := d.dec.ReadValue()
		if err != nil {
			return d.syntax(err)
		}
		v.SetBytes(bytes.Clone(raw))
		return nil
	}
	if t.Kind() == reflect.Pointer {
		if k == 'n' {
			if _, err := d.dec.ReadValue(); err != nil {
				return d.syntax(err)
			}
			v.SetZero()
			return nil
		}
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		return d.value(v.Elem())
	}
	if k == 'n' && t.Kind() != reflect.Interface {
		return d.wrongType(t, "null")
	}
	if v.CanAddr() {
		pt := reflect.PointerTo(t)
		switch {
		case pt.Implements(jsonUnmarshalerType):
			raw, err := d.dec.ReadValue()
			if err != nil {
				return d.syntax(err)
			}
			if err := v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(bytes.Clone(raw)); err != nil {
				return Refield(err, d.field())
			}
			return nil
		case pt.Implements(textUnmarshalerType):
			if k != '"' {
				return d.wrongType(t, kindWord(k))
			}
			tok, err := d.dec.ReadToken()
			if err != nil {
				return d.syntax(err)
			}
			if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(tok.String())); err != nil {
				return Refield(err, d.field())
			}
			return nil
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		if k != 't' && k != 'f' {
			return d.wrongType(t, kindWord(k))
		}
		tok, err := d.dec.ReadToken()
		if err != nil {
			return d.syntax(err)
		}
		v.SetBool(tok.Bool())
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return d.whole(v, k)
	case reflect.Float32, reflect.Float64:
		if k != '0' {
			return d.wrongType(t, kindWord(k))
		}
		raw, err := d.dec.ReadValue()
		if err != nil {
			return d.syntax(err)
		}
		f, err := strconv.ParseFloat(string(raw), t.Bits())
		if err != nil || math.Abs(f) > MaxCount {
			return Errorf(d.field(), "%s is out of range: counts and scores lie between %d and %d (ruling G-1)", Name(string(raw)), -MaxCount, MaxCount)
		}
		v.SetFloat(f)
		return nil
	case reflect.String:
		if k != '"' {
			return d.wrongType(t, kindWord(k))
		}
		tok, err := d.dec.ReadToken()
		if err != nil {
			return d.syntax(err)
		}
		v.SetString(tok.String())
		return nil
	case reflect.Slice:
		if k != '[' {
			return d.wrongType(t, kindWord(k))
		}
		return d.slice(v)
	case reflect.Array:
		if k != '[' {
			return d.wrongType(t, kindWord(k))
		}
		return d.array(v)
	case reflect.Map:
		if k != '{' {
			return d.wrongType(t, kindWord(k))
		}
		return d.mapping(v)
	case reflect.Struct:
		if k != '{' {
			return d.wrongType(t, kindWord(k))
		}
		return d.object(v)
	case reflect.Interface:
		raw, err := d.dec.ReadValue()
		if err != nil {
			return d.syntax(err)
		}
		if err := json.Unmarshal(raw, v.Addr().Interface()); err != nil {
			return Errorf(d.field(), "%s", Name(strings.TrimPrefix(err.Error(), "json: ")))
		}
		return nil
	}
	return Errorf(d.field(), "%s", Name("cannot decode into "+t.String()))
}

// whole reads a whole number within ±MaxCount (ruling G-1) into v.
func (d *strictDecoder) whole(v reflect.Value, k jsontext.Kind) error {
	if k != '0' {
		return d.wrongType(v.Type(), kindWord(k))
	}
	raw, err := d.dec.ReadValue()
	if err != nil {
		return d.syntax(err)
	}
	if bytes.ContainsAny(raw, ".eE") {
		return Errorf(d.field(), "must be %s, not a JSON %s", wantOf(v.Type()), Name("number "+string(raw)))
	}
	n, ok := boundedInt(raw)
	if !ok {
		return Errorf(d.field(), "%s is out of range: counts and scores lie between %d and %d (ruling G-1)", Name(string(raw)), -MaxCount, MaxCount)
	}
	switch v.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n < 0 || v.OverflowUint(uint64(n)) {
			return Errorf(d.field(), "%s is out of range: counts and scores lie between %d and %d (ruling G-1)", Name(string(raw)), 0, MaxCount)
		}
		v.SetUint(uint64(n))
	default:
		if v.OverflowInt(int64(n)) {
			return Errorf(d.field(), "%s is out of range: counts and scores lie between %d and %d (ruling G-1)", Name(string(raw)), -MaxCount, MaxCount)
		}
		v.SetInt(int64(n))
	}
	return nil
}

// boundedInt reads a JSON integer (jsontext checked its grammar: an
// optional minus, no leading zeros) within ±MaxCount.
func boundedInt(raw []byte) (int, bool) {
	neg := len(raw) > 0 && raw[0] == '-'
	digits := raw
	if neg {
		digits = raw[1:]
	}
	if len(digits) == 0 || len(digits) > 7 {
		return 0, false
	}
	n := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if n > MaxCount {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// slice reads a JSON array into v; [] is an empty, non-nil list.
func (d *strictDecoder) slice(v reflect.Value) error {
	if _, err := d.dec.ReadToken(); err != nil { // [
		return d.syntax(err)
	}
	v.SetLen(0)
	i := 0
	for d.dec.PeekKind() != ']' {
		if d.dec.PeekKind() == 0 {
			_, err := d.dec.ReadValue()
			return d.syntax(err)
		}
		if i >= v.Cap() {
			v.Grow(1)
		}
		v.SetLen(i + 1)
		elem := v.Index(i)
		elem.SetZero()
		d.path = append(d.path, pathPart{index: i})
		if err := d.value(elem); err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
		i++
	}
	if v.IsNil() {
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
	}
	_, err := d.dec.ReadToken() // ]
	return d.syntax(err)
}

// array reads a JSON array into a Go array of the same length.
func (d *strictDecoder) array(v reflect.Value) error {
	if _, err := d.dec.ReadToken(); err != nil { // [
		return d.syntax(err)
	}
	i := 0
	for d.dec.PeekKind() != ']' {
		if d.dec.PeekKind() == 0 {
			_, err := d.dec.ReadValue()
			return d.syntax(err)
		}
		if i >= v.Len() {
			return Errorf(d.field(), "%s", Phrasef("a list of at most %d items", v.Len()))
		}
		d.path = append(d.path, pathPart{index: i})
		if err := d.value(v.Index(i)); err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
		i++
	}
	for ; i < v.Len(); i++ {
		v.Index(i).SetZero()
	}
	_, err := d.dec.ReadToken() // ]
	return d.syntax(err)
}

// name reads an object member's name: a slice of the body when it has
// no escapes (it stays valid while the body is read), else unquoted.
func (d *strictDecoder) name() ([]byte, error) {
	raw, err := d.dec.ReadValue()
	if err != nil {
		return nil, d.syntax(err)
	}
	if len(raw) < 2 || raw[0] != '"' {
		return nil, Errorf(d.field(), "%s", Name("a member name must be a string"))
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1], nil
	}
	out, err := jsontext.AppendUnquote(nil, raw)
	if err != nil {
		return nil, d.syntax(err)
	}
	return out, nil
}

// mapping reads a JSON object into a map with string keys; a key given
// twice is refused.
func (d *strictDecoder) mapping(v reflect.Value) error {
	t := v.Type()
	if t.Key().Kind() != reflect.String {
		raw, err := d.dec.ReadValue()
		if err != nil {
			return d.syntax(err)
		}
		if err := json.Unmarshal(raw, v.Addr().Interface()); err != nil {
			return Errorf(d.field(), "%s", Name(strings.TrimPrefix(err.Error(), "json: ")))
		}
		return nil
	}
	if _, err := d.dec.ReadToken(); err != nil { // {
		return d.syntax(err)
	}
	if v.IsNil() {
		v.Set(reflect.MakeMap(t))
	}
	for d.dec.PeekKind() != '}' {
		if d.dec.PeekKind() == 0 {
			_, err := d.dec.ReadValue()
			return d.syntax(err)
		}
		name, err := d.name()
		if err != nil {
			return err
		}
		d.path = append(d.path, pathPart{name: name, index: -1})
		key := reflect.ValueOf(string(name)).Convert(t.Key())
		if v.MapIndex(key).IsValid() {
			return Errorf(d.field(), "given twice")
		}
		elem := reflect.New(t.Elem()).Elem()
		if err := d.value(elem); err != nil {
			return err
		}
		v.SetMapIndex(key, elem)
		d.path = d.path[:len(d.path)-1]
	}
	_, err := d.dec.ReadToken() // }
	return d.syntax(err)
}

// object reads a JSON object into a struct: each member by its field's
// exact JSON name, once.
func (d *strictDecoder) object(v reflect.Value) error {
	fields := fieldsOf(v.Type())
	if _, err := d.dec.ReadToken(); err != nil { // {
		return d.syntax(err)
	}
	var seenSmall [64]bool
	seen := seenSmall[:]
	if len(fields) > len(seenSmall) {
		seen = make([]bool, len(fields))
	}
	for d.dec.PeekKind() != '}' {
		if d.dec.PeekKind() == 0 {
			_, err := d.dec.ReadValue()
			return d.syntax(err)
		}
		name, err := d.name()
		if err != nil {
			return err
		}
		d.path = append(d.path, pathPart{name: name, index: -1})
		i := fieldIndexBytes(fields, name)
		switch {
		case i < 0:
			return Errorf(d.field(), "unknown field %q", Name(name))
		case seen[i]:
			return Errorf(d.field(), "given twice")
		}
		seen[i] = true
		fv, err := fieldValue(v, fields[i].index)
		if err != nil {
			return Errorf(d.field(), "%s", Name(err.Error()))
		}
		if fields[i].nullable && d.dec.PeekKind() == 'n' {
			if _, err := d.dec.ReadValue(); err != nil {
				return d.syntax(err)
			}
			fv.SetZero()
		} else if err := d.value(fv); err != nil {
			return err
		}
		d.path = d.path[:len(d.path)-1]
	}
	_, err := d.dec.ReadToken() // }
	return d.syntax(err)
}

// structField is one field a JSON object may name. A field tagged
// `decode:"nullable"` reads null as its zero value: a list a writer of
// ours has stored as null, which the log keeps.
type structField struct {
	name     string
	index    []int
	nullable bool
}

var structFields sync.Map // reflect.Type → []structField

// fieldsOf lists the JSON fields of struct type t as encoding/json sees
// them: exported fields by their tag's name or their own, "-" skipped,
// the fields of an embedded struct without a tag promoted (a field of
// the outer struct wins over one of the same name inside).
func fieldsOf(t reflect.Type) []structField {
	if f, ok := structFields.Load(t); ok {
		return f.([]structField)
	}
	var out []structField
	var walk func(t reflect.Type, index []int, depth int)
	walk = func(t reflect.Type, index []int, depth int) {
		var embedded []reflect.StructField
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
				embedded = append(embedded, f)
				continue
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if fieldIndex(out, name) >= 0 {
				continue
			}
			nullable := f.Tag.Get("decode") == "nullable"
			out = append(out, structField{name: name, index: append(append([]int(nil), index...), i), nullable: nullable})
		}
		if depth < 8 {
			for _, f := range embedded {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				walk(ft, append(append([]int(nil), index...), f.Index...), depth+1)
			}
		}
	}
	walk(t, nil, 0)
	f, _ := structFields.LoadOrStore(t, out)
	return f.([]structField)
}

func fieldIndexBytes(fields []structField, name []byte) int {
	for i, f := range fields {
		if f.name == string(name) {
			return i
		}
	}
	return -1
}

func fieldIndex(fields []structField, name string) int {
	for i, f := range fields {
		if f.name == name {
			return i
		}
	}
	return -1
}

// fieldValue is v's field at index, allocating embedded pointers on the
// way.
func fieldValue(v reflect.Value, index []int) (reflect.Value, error) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return reflect.Value{}, errors.New("cannot set an embedded pointer to an unexported struct")
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, nil
}

// Member is one member of a JSON object: its name and its value as
// sent.
type Member struct {
	Name  string
	Value json.RawMessage
}

// Members reads data, a JSON object, into its members in the order sent,
// as strictly as Decode: invalid JSON, a value that is not an object and
// a name given twice are *InputError naming the field under prefix.
func Members(data []byte, prefix string) ([]Member, error) {
	if len(data) > MaxBody {
		return nil, Errorf(prefix, "body is larger than 1 MiB")
	}
	d := newDecoder(data, prefix)
	defer d.free()
	k := d.dec.PeekKind()
	switch k {
	case 0:
		_, err := d.dec.ReadValue()
		if errors.Is(err, io.EOF) {
			return nil, Errorf(prefix, "empty body: a JSON object is required")
		}
		return nil, d.syntax(err)
	case '{':
	default:
		return nil, Errorf(prefix, "must be %s, not a JSON %s", Phrasef("an object"), Name(kindWord(k)))
	}
	if _, err := d.dec.ReadToken(); err != nil {
		return nil, d.syntax(err)
	}
	var out []Member
	var seen map[string]bool // once there are more than a few members
	for d.dec.PeekKind() != '}' {
		if d.dec.PeekKind() == 0 {
			_, err := d.dec.ReadValue()
			return nil, d.syntax(err)
		}
		raw, err := d.name()
		if err != nil {
			return nil, err
		}
		name := string(raw)
		twice := false
		if seen == nil {
			for _, m := range out {
				twice = twice || m.Name == name
			}
			if len(out) >= 8 {
				seen = make(map[string]bool, 2*len(out))
				for _, m := range out {
					seen[m.Name] = true
				}
			}
		} else {
			twice = seen[name]
		}
		if twice {
			return nil, Errorf(Join(prefix, name), "given twice")
		}
		if seen != nil {
			seen[name] = true
		}
		value, err := d.dec.ReadValue()
		if err != nil {
			return nil, d.syntax(err)
		}
		out = append(out, Member{Name: name, Value: bytes.Clone(value)})
	}
	if _, err := d.dec.ReadToken(); err != nil {
		return nil, d.syntax(err)
	}
	if _, err := d.dec.ReadValue(); !errors.Is(err, io.EOF) {
		return nil, Errorf(prefix, "unexpected data after the JSON value")
	}
	return out, nil
}

// JSONFields lists the fields a JSON value of type t has, as Decode reads
// them: each struct field's JSON name with its path below t, through
// structs, lists ("players[].name"), maps ("chips.*") and pointers. A
// type that reads itself (UnmarshalJSON, UnmarshalText, json.RawMessage)
// is a leaf. For the API's documents and their tests.
func JSONFields(t reflect.Type) []string {
	var out []string
	var walk func(t reflect.Type, path string, depth int)
	walk = func(t reflect.Type, path string, depth int) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if depth > 16 || t == rawMessageType || reflect.PointerTo(t).Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType) {
			return
		}
		switch t.Kind() {
		case reflect.Slice, reflect.Array:
			walk(t.Elem(), path+"[]", depth+1)
		case reflect.Map:
			walk(t.Elem(), Join(path, "*"), depth+1)
		case reflect.Struct:
			for _, f := range fieldsOf(t) {
				p := Join(path, f.name)
				out = append(out, p)
				walk(t.FieldByIndex(f.index).Type, p, depth+1)
			}
		}
	}
	walk(t, "", 0)
	return out
}
