export function defaults() {
    return {
        pieces: new Map(),
        dimensions: { files: 9, ranks: 9 },
        orientation: 'sente',
        turnColor: 'sente',
        activeColor: 'both',
        viewOnly: false,
        squareRatio: [11, 12],
        disableContextMenu: true,
        blockTouchScroll: false,
        scaleDownPieces: true,
        coordinates: { enabled: true, files: 'numeric', ranks: 'numeric' },
        highlight: { lastDests: true, check: true, checkRoles: ['king'], hovered: false },
        animation: { enabled: true, hands: true, duration: 250 },
        hands: {
            inlined: false,
            handMap: new Map([
                ['sente', new Map()],
                ['gote', new Map()],
            ]),
            roles: ['rook', 'bishop', 'gold', 'silver', 'knight', 'lance', 'pawn'],
        },
        movable: { free: true, showDests: true, events: {} },
        droppable: { free: true, showDests: true, spare: false, events: {} },
        premovable: { enabled: true, showDests: true, events: {} },
        predroppable: { enabled: true, showDests: true, events: {} },
        draggable: {
            enabled: true,
            distance: 3,
            autoDistance: true,
            showGhost: true,
            showTouchSquareOverlay: true,
            deleteOnDropOff: false,
            addToHandOnDropOff: false,
        },
        selectable: { enabled: true, forceSpares: false, deleteOnTouch: false, addSparesToHand: false },
        promotion: {
            movePromotionDialog: () => false,
            forceMovePromotion: () => false,
            dropPromotionDialog: () => false,
            forceDropPromotion: () => false,
            promotesTo: () => undefined,
            unpromotesTo: () => undefined,
            events: {},
            prevPromotionHash: '',
        },
        forsyth: {},
        events: {},
        drawable: {
            enabled: true, // can draw
            visible: true, // can view
            forced: false, // can only draw
            eraseOnClick: true,
            shapes: [],
            autoShapes: [],
            squares: [],
            prevSvgHash: '',
        },
    };
}
//# sourceMappingURL=state.js.map