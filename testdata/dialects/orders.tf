variable "bigtable_instance" {
  type        = string
  description = "the Bigtable instance that holds table orders"
}

resource "google_bigtable_table" "orders" {
  name          = "orders"
  instance_name = var.bigtable_instance
  split_keys = [
    "02", "05", "08", "11", "14", "17", "20", "23", "26", "29", "32", "35", "38", "41", "44", "47",
    "50", "52", "55", "58", "61", "64", "67", "70", "73", "76", "79", "82", "85", "88", "91", "94",
    "97",
  ]

  column_family {
    family = "o"
  }
}

resource "google_bigtable_gc_policy" "orders_o" {
  instance_name = var.bigtable_instance
  table         = google_bigtable_table.orders.name
  column_family = "o"
  mode          = "UNION"

  max_age {
    duration = "8760h"
  }

  max_version {
    number = 1
  }
}
