// Replaced during `assoc-conformance --codegen` by whole programs of `assoc swift --program`,
// compiled alone (each as this target's main.swift), then put back as it is here.
print("[]")
