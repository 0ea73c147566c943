cbt createtable clicks 'families=cf:maxage=7d||maxversions=1' splits=10,20,30,40,50,60,70,80,90,a0,b0,c0,d0,e0,f0
