"""amity-cluster: Amity's own work (matches with SPRT, self-play data, labelling) cut into
shards that run on a Ray cluster, and the shards' results merged into one."""
