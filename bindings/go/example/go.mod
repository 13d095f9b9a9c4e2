module example.com/fastkzg-dropin

go 1.22

require github.com/ethereum/c-kzg-4844/v2 v2.1.8

// The switch from c-kzg-4844 to fastkzg: the package
// github.com/ethereum/c-kzg-4844/v2/bindings/go is then fastkzg's drop-in.
replace github.com/ethereum/c-kzg-4844/v2 => ../../..
