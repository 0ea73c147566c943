cbt createtable orders 'families=o:maxage=365d||maxversions=1' splits=02,05,08,11,14,17,20,23,26,29,32,35,38,41,44,47,50,52,55,58,61,64,67,70,73,76,79,82,85,88,91,94,97
