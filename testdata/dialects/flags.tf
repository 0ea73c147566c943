variable "bigtable_instance" {
  type        = string
  description = "the Bigtable instance that holds table clicks"
}

resource "google_bigtable_table" "clicks" {
  name          = "clicks"
  instance_name = var.bigtable_instance
  split_keys = [
    "10", "20", "30", "40", "50", "60", "70", "80", "90", "a0", "b0", "c0", "d0", "e0", "f0",
  ]

  column_family {
    family = "cf"
  }
}

resource "google_bigtable_gc_policy" "clicks_cf" {
  instance_name = var.bigtable_instance
  table         = google_bigtable_table.clicks.name
  column_family = "cf"
  mode          = "UNION"

  max_age {
    duration = "168h"
  }

  max_version {
    number = 2
  }
}
