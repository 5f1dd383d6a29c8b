console.log("conformance: 0 passed, 0 failed")
