package hbytes_test

import (
	"fmt"

	"github.com/presplit/presplit/hbytes"
)

func ExampleToStringBinary() {
	fmt.Println(hbytes.ToStringBinary([]byte("row-\x00\xff\\-é")))
	// Output: row-\x00\xFF\x5C-\xC3\xA9
}

func ExampleToBytesBinary() {
	b, _ := hbytes.ToBytesBinary(`\x01ab\xff`) // lowercase \xff is not an escape in HBase
	fmt.Printf("%q\n", b)
	// Output: "\x01abxff"
}

func ExampleDecodeKey() {
	key, err := hbytes.DecodeKey(nil, []byte(`user\x00\xFF`))
	fmt.Printf("%q %v\n", key, err)
	_, err = hbytes.DecodeKey(nil, []byte(`user\xff`))
	fmt.Println(err)
	// Output:
	// "user\x00\xff" <nil>
	// invalid escape "\xff" at column 5: toStringBinary writes \x and two uppercase hex digits (HBase would read this as the text "xff")
}
