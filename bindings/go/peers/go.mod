module github.com/fastkzg/fastkzg/bindings/go/peers

go 1.22

require (
	github.com/ethereum/c-kzg-4844/v2 v2.1.8
	github.com/fastkzg/fastkzg v0.0.0
)

require (
	github.com/supranational/blst v0.3.16 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/fastkzg/fastkzg => ../../..
